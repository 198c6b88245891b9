// What the engine sends the page (replies and events), handed on in arrival order, with bursts grouped.
//
// Fifty servers starting send the page ~250 batches of list pages in twenty seconds. Handed on one by one, each
// became its own React render and its own frame, on a page whose picker already shows lists at most twice a
// second. The CPU that took is the CPU the servers booting beside the page did not get. Grouped, a burst renders
// a few times a second.
//
// The first paced message after a quiet interval goes at once. Messages that are not paced (the caller says which)
// pass straight through unless something is held: then they wait behind it, because order is part of the contract
// (a `streamOnly` listing's pages come before its call's reply).
//
// A message that ends a burst (the caller says which: a listing's last page) does not wait for the interval: it goes
// at once, with whatever is held before it. Held, it kept the end of every listing, and its reply, waiting up to
// an interval for nothing.
//
// A message that would hide one held before it (the caller says which: a server's next state after its last) is not
// grouped with it: what is held goes on at once, and the new message starts the next group. Handed on together,
// React would draw only the later one (a crashed server's "down" between two connections never shown).

export interface PacedInboxOptions<T> {
  /** The shortest time between two hand-ons of paced messages. */
  intervalMs: number;
  /** Whether a message starts or joins a group. */
  paced(message: T): boolean;
  /** Whether a paced message ends its burst: it and what is held are handed on at once. */
  endsBurst?(message: T): boolean;
  /** Whether `next` would hide `held` if both were handed on together: what is held then goes on first, alone. */
  supersedes?(held: T, next: T): boolean;
  now?(): number;
}

export interface PacedInbox<T> {
  receive(message: T): void;
  /** Drops what is held (the carrier closed for good). */
  dispose(): void;
}

export function pacedInbox<T>(handOn: (message: T) => void, options: PacedInboxOptions<T>): PacedInbox<T> {
  const now = options.now ?? (() => performance.now());
  let held: T[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pacedAt = -Infinity;

  const handOnSafely = (message: T) => {
    try {
      handOn(message);
    } catch (err) {
      // One bad message must not strand the rest of its group.
      console.error('[engine-client] a message could not be handed on:', err);
    }
  };

  const flush = () => {
    timer = undefined;
    pacedAt = now();
    const group = held;
    held = [];
    for (const message of group) handOnSafely(message);
  };

  return {
    receive(message) {
      const paced = options.paced(message);
      const ends = paced && options.endsBurst?.(message) === true;
      if (timer !== undefined) {
        const { supersedes } = options;
        const hides = paced && supersedes !== undefined && held.some(earlier => supersedes(earlier, message));
        if (!hides) {
          held.push(message);
          if (ends) {
            clearTimeout(timer);
            flush();
          }
          return;
        }
        clearTimeout(timer);
        flush();
      }
      if (!paced) return handOnSafely(message);
      const wait = pacedAt + options.intervalMs - now();
      if (wait <= 0 || ends) {
        pacedAt = now();
        return handOnSafely(message);
      }
      held.push(message);
      timer = setTimeout(flush, wait);
    },
    dispose() {
      clearTimeout(timer);
      timer = undefined;
      held = [];
    }
  };
}
