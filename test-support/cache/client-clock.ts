// Lets time pass for the client only. Freshness is computed entirely on the client (the SDK and the store
// compare `expiresAt` with `Date.now()`), so moving this process's `Date.now` forward is what waiting out a
// real server's TTL looks like to the cache, without waiting 10 s or 5 min in a test. The server runs in
// its own process and is not affected. Install before the engine (or Client) is created: both capture
// `Date.now` when they are built.
import { vi } from 'vitest';

export interface ClientClock {
  /** Moves the client's clock forward by `ms`. */
  advance(ms: number): void;
  restore(): void;
}

export function installClientClock(): ClientClock {
  const realNow = Date.now.bind(Date);
  let skew = 0;
  const spy = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + skew);
  return {
    advance: ms => {
      skew += ms;
    },
    restore: () => spy.mockRestore()
  };
}
