/** Appends `item`, dropping the oldest entries beyond `max`: the per-server histories shown in the details view. */
export function pushCapped<T>(list: T[], item: T, max: number): void {
  list.push(item);
  if (list.length > max) list.splice(0, list.length - max);
}
