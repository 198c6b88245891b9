// Saving a named entry in a user's list (saved searches, saved templates): its name is trimmed, and it takes
// the place of the entry it is the same as, else goes at the end, so the list keeps its order.
export function savedInto<T extends { name: string }>(list: readonly T[], entry: T, same: (a: T, b: T) => boolean): T[] {
  const named = { ...entry, name: entry.name.trim() };
  const at = list.findIndex(existing => same(existing, named));
  return at === -1 ? [...list, named] : list.map((existing, k) => (k === at ? named : existing));
}
