// The idle queue against a scheduler the test steps by hand (no browser idle periods in Node): one job per
// idle period, the next only after the previous one's promise settled, a failed job does not stop the queue,
// and stopping cancels what has not started.
import { describe, expect, it } from 'vitest';
import { runWhenIdle, type IdleScheduler } from './idle-queue';

function steppedScheduler() {
  const pending = new Map<number, () => void>();
  let next = 1;
  const scheduler: IdleScheduler = {
    request: callback => {
      pending.set(next, callback);
      return next++;
    },
    cancel: handle => void pending.delete(handle)
  };
  /** Runs the idle callbacks requested so far, then lets their promise chains settle. */
  const idle = async () => {
    const due = [...pending.values()];
    pending.clear();
    due.forEach(callback => callback());
    for (let k = 0; k < 10; k++) await Promise.resolve();
  };
  return { scheduler, idle, pending };
}

describe('runWhenIdle', () => {
  it('runs one job per idle period, in order, waiting for each promise', async () => {
    const { scheduler, idle } = steppedScheduler();
    const ran: string[] = [];
    let release!: () => void;
    runWhenIdle(
      [() => new Promise<void>(resolve => { ran.push('a'); release = resolve; }), () => ran.push('b'), () => ran.push('c')],
      scheduler
    );
    expect(ran).toEqual([]);
    await idle();
    expect(ran).toEqual(['a']);
    await idle();
    expect(ran).toEqual(['a']); // b waits for a's promise
    release();
    await idle();
    await idle();
    expect(ran).toEqual(['a', 'b']);
    await idle();
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('goes on after a job that fails', async () => {
    const { scheduler, idle } = steppedScheduler();
    const ran: string[] = [];
    runWhenIdle([() => Promise.reject(new Error('chunk failed')), () => ran.push('after')], scheduler);
    await idle();
    await idle();
    expect(ran).toEqual(['after']);
  });

  it('stops before the jobs that have not started', async () => {
    const { scheduler, idle, pending } = steppedScheduler();
    const ran: string[] = [];
    const stop = runWhenIdle([() => ran.push('a'), () => ran.push('b')], scheduler);
    await idle();
    expect(ran).toEqual(['a']);
    expect(pending.size).toBe(1);
    stop();
    expect(pending.size).toBe(0);
    await idle();
    expect(ran).toEqual(['a']);
  });
});
