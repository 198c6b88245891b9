// When a cached result may be served without asking its server. The engine decides hits with it and the
// cache panel re-labels its entries with it as time passes, so both sides say "fresh" for the same entries.

/** Fresh while `now` is before `expiresAt`; an entry without an expiry is never fresh. */
export function isFresh(entry: { readonly expiresAt?: number }, now: number): boolean {
  return entry.expiresAt !== undefined && entry.expiresAt > now;
}
