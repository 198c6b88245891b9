// When the page lists again the last known lists it shows at launch. On a warm start every server's last known list
// is on screen before any has connected, so listing one again gains the user little while other servers still boot,
// and it costs the same cores they boot on: fifty stdio servers (50 × 2,000) were all connected 8.2 s after the page
// opened when each listed as soon as it connected, 5.5 s when the lists waited, all listed by 8.2 s either way. A
// server's state, and a failing one's error, is what the user has not seen yet. So the page asks `app.launchSettled`
// and lists a shown last known list again once it answers: when every local server has had its first attempt
// (start-in-turns.ts), or after `maxMs`, so that a fleet of slow starters does not keep the lists stale for long.
import type { HandlerMap } from '../handlers';

/** `settled`: every local server of the launch has had its first attempt (none started: settled at once). */
export function launchSettledHandler(settled: Promise<void>, maxMs: number): HandlerMap<'app.launchSettled'> {
  let timer: NodeJS.Timeout | undefined;
  const answer = Promise.race([
    settled.then(() => ({ allStarted: true })),
    new Promise<{ allStarted: boolean }>(resolve => {
      timer = setTimeout(() => resolve({ allStarted: false }), maxMs);
      // A host that closes the engine early is not kept alive by it.
      timer.unref();
    })
  ]).finally(() => clearTimeout(timer));
  return { 'app.launchSettled': () => answer };
}
