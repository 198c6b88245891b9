import { afterEach, describe, expect, it, vi } from 'vitest';
import { StartGate } from './start-gate';

afterEach(() => vi.useRealTimers());

const settled = async <T>(p: Promise<T>) => {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true)
  );
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('StartGate', () => {
  it('lets `limit` in at once; the next enters when a slot is given back, in order', async () => {
    const gate = new StartGate(2, 60_000);
    const a = await gate.enter();
    await gate.enter();
    const third = gate.enter();
    const fourth = gate.enter();
    expect(await settled(third)).toBe(false);
    a();
    a(); // a second release gives back nothing more
    expect(await settled(third)).toBe(true);
    expect(await settled(fourth)).toBe(false);
  });

  it('gives a slot back after holdMs, whatever its holder does', async () => {
    vi.useFakeTimers();
    const gate = new StartGate(1, 3_000);
    await gate.enter();
    const next = gate.enter();
    vi.advanceTimersByTime(2_999);
    expect(await settled(next)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(next)).toBe(true);
  });

  it('drops a waiter whose signal aborts, without taking a slot', async () => {
    const gate = new StartGate(1, 60_000);
    const first = await gate.enter();
    const abort = new AbortController();
    const gone = gate.enter(abort.signal);
    const after = gate.enter();
    abort.abort();
    await expect(gone).rejects.toMatchObject({ error: { code: 'cancelled' } });
    first();
    expect(await settled(after)).toBe(true);
  });
});
