import { describe, expect, it } from 'vitest';
import { startInTurns } from './start-in-turns';

const turn = () => new Promise<void>(resolve => setImmediate(resolve));

describe('startInTurns', () => {
  it('starts nothing in the caller’s turn, then one connection per turn of the event loop, in order', async () => {
    const started: number[] = [];
    const ioBetween: number[] = [];
    startInTurns([0, 1, 2].map(k => ({ start: () => started.push(k) })));
    expect(started).toEqual([]);
    // Work queued from outside (a page's request, say) gets a turn between two starts.
    setImmediate(() => ioBetween.push(started.length));
    await turn();
    await turn();
    await turn();
    expect(started).toEqual([0, 1, 2]);
    expect(ioBetween[0]).toBeLessThan(3);
  });

  it('starts no more once cancelled', async () => {
    const started: number[] = [];
    const starting = startInTurns([0, 1, 2].map(k => ({ start: () => started.push(k) })));
    await turn();
    starting.cancel();
    await turn();
    await turn();
    expect(started).toEqual([0]);
  });
});
