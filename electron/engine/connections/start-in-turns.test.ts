import { describe, expect, it, vi } from 'vitest';
import { eventLoopTurns as turns } from '../../../test-support/engine/event-loop';
import { startInTurns } from './start-in-turns';

/** Connections whose first attempt ends when the test says so. */
function controlled(count: number) {
  const started: number[] = [];
  const finish: (() => void)[] = [];
  const connections = Array.from({ length: count }, (_, k) => ({
    spawnsProcess: true,
    start: () =>
      new Promise<void>(resolve => {
        started.push(k);
        finish[k] = resolve;
      })
  }));
  return { started, finish, connections };
}

const wide = { concurrency: 10, slotMs: 60_000 };

describe('startInTurns', () => {
  it('starts nothing in the caller’s turn, then one connection per turn of the event loop, in order', async () => {
    const started: number[] = [];
    const ioBetween: number[] = [];
    startInTurns(
      [0, 1, 2].map(k => ({ spawnsProcess: true, start: () => void started.push(k) })),
      wide
    );
    expect(started).toEqual([]);
    // Work queued from outside (a page's request, say) gets a turn between two starts.
    setImmediate(() => ioBetween.push(started.length));
    await turns(3);
    expect(started).toEqual([0, 1, 2]);
    expect(ioBetween[0]).toBeLessThan(3);
  });

  it('keeps at most `concurrency` starting; the next starts as soon as one has connected or failed', async () => {
    const { started, finish, connections } = controlled(5);
    startInTurns(connections, { concurrency: 2, slotMs: 60_000 });
    await turns(5);
    expect(started).toEqual([0, 1]);
    finish[1]();
    await turns(3);
    expect(started).toEqual([0, 1, 2]);
    finish[0]();
    finish[2]();
    await turns(4);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('starts remote servers first, each in its turn, without waiting for a slot', async () => {
    const local = controlled(2);
    const started: string[] = [];
    const remote = (name: string) => ({ spawnsProcess: false, start: () => new Promise<void>(() => void started.push(name)) });
    startInTurns([local.connections[0], remote('r1'), local.connections[1], remote('r2')], { concurrency: 1, slotMs: 60_000 });
    await turns(6);
    // Neither remote attempt has ended, and the one slot is taken by the first local server.
    expect(started).toEqual(['r1', 'r2']);
    expect(local.started).toEqual([0]);
    local.finish[0]();
    await turns(3);
    expect(local.started).toEqual([0, 1]);
  });

  it('a connection still starting after `slotMs` gives its place to the next', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { started, connections } = controlled(3);
      startInTurns(connections, { concurrency: 1, slotMs: 5_000 });
      await turns(3);
      expect(started).toEqual([0]);
      vi.advanceTimersByTime(4_999);
      await turns(3);
      expect(started).toEqual([0]);
      vi.advanceTimersByTime(1);
      await turns(3);
      expect(started).toEqual([0, 1]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is settled once every connection has started and each first attempt has ended, not before', async () => {
    const { finish, connections } = controlled(3);
    const remote = { spawnsProcess: false, start: () => new Promise<void>(() => undefined) };
    const starting = startInTurns([...connections, remote], { concurrency: 2, slotMs: 60_000 });
    let settled = false;
    void starting.settled.then(() => (settled = true));
    await turns(5);
    finish[0]();
    finish[1]();
    await turns(5);
    // The third has started, and its attempt has not ended (a remote one never holds a slot, nor the settling).
    expect(settled).toBe(false);
    finish[2]();
    await turns(3);
    expect(settled).toBe(true);
  });

  it('is settled by a slot given up after `slotMs`, by having nothing to start, and by a cancel', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const slow = startInTurns(controlled(1).connections, { concurrency: 1, slotMs: 5_000 });
      let settled = false;
      void slow.settled.then(() => (settled = true));
      await turns(3);
      expect(settled).toBe(false);
      vi.advanceTimersByTime(5_000);
      await turns(3);
      expect(settled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    await startInTurns([], wide).settled;
    const cancelled = startInTurns(controlled(2).connections, { ...wide, holdLocal: new Promise(() => undefined) });
    cancelled.cancel();
    await cancelled.settled;
  });

  it('starts no more once cancelled, also when a slot frees later', async () => {
    const { started, finish, connections } = controlled(3);
    const starting = startInTurns(connections, { concurrency: 1, slotMs: 60_000 });
    await turns(2);
    starting.cancel();
    finish[0]();
    await turns(4);
    expect(started).toEqual([0]);
  });
  it('holds local processes until `holdLocal` settles, while remote connections start at once', async () => {
    const started: string[] = [];
    let release!: () => void;
    const holdLocal = new Promise<void>(resolve => (release = resolve));
    startInTurns(
      [
        { spawnsProcess: true, start: () => void started.push('local-a') },
        { spawnsProcess: false, start: () => void started.push('remote') },
        { spawnsProcess: true, start: () => void started.push('local-b') }
      ],
      { ...wide, holdLocal }
    );
    await turns(5);
    expect(started).toEqual(['remote']);
    release();
    await turns(5);
    expect(started).toEqual(['remote', 'local-a', 'local-b']);
  });

  it('a hold that fails releases the processes as well', async () => {
    const started: number[] = [];
    startInTurns([{ spawnsProcess: true, start: () => void started.push(0) }], { ...wide, holdLocal: Promise.reject(new Error('page gone')) });
    await turns(4);
    expect(started).toEqual([0]);
  });
});
