// Lets the event loop run `n` turns (each a `setImmediate`), for code that does its work one turn at a time
// (start-in-turns.ts, LastKnownAnswers.prepare).
export async function eventLoopTurns(n: number): Promise<void> {
  for (let k = 0; k < n; k++) await new Promise<void>(resolve => setImmediate(resolve));
}
