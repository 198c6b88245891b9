// The buffer a reader keeps for the message it is reading: it holds the bytes appended, hands them back in
// order, is reused for the next message without a new allocation, never grows past its maximum, and lets a
// big buffer go after a while without big messages.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageBytes } from './message-bytes';

afterEach(() => vi.useRealTimers());

describe('MessageBytes', () => {
  it('keeps what is appended, in order, and reuses its buffer for the next message', () => {
    const bytes = new MessageBytes(1_000_000);
    bytes.append(Buffer.from('hello '));
    bytes.append(Buffer.from('world'));
    expect(bytes.view().toString()).toBe('hello world');
    const store = bytes.view().buffer;
    bytes.reset();
    expect(bytes.length).toBe(0);
    bytes.append(Buffer.from('next'));
    expect(bytes.view().toString()).toBe('next');
    expect(bytes.view().buffer).toBe(store);
  });

  it('grows by doubling as a message needs, but never past its maximum', () => {
    const max = 200_000;
    const bytes = new MessageBytes(max);
    for (let i = 0; i < 20; i++) bytes.append(Buffer.alloc(10_000, i));
    expect(bytes.length).toBe(max);
    expect(bytes.view().buffer.byteLength).toBe(max);
    expect(bytes.view()[max - 1]).toBe(19);
  });

  it('lets a big buffer go after ten seconds without a big message, but not while one is being read', () => {
    vi.useFakeTimers();
    const bytes = new MessageBytes(8 * 1024 * 1024);
    bytes.append(Buffer.alloc(2 * 1024 * 1024));
    const big = bytes.view().buffer;
    bytes.reset();
    vi.advanceTimersByTime(5_000);
    bytes.append(Buffer.alloc(10));
    expect(bytes.view().buffer).toBe(big);
    // Due while a small message is read: let go when it ends.
    vi.advanceTimersByTime(6_000);
    expect(bytes.view().buffer).toBe(big);
    bytes.reset();
    bytes.append(Buffer.alloc(10));
    expect(bytes.view().buffer.byteLength).toBeLessThan(1024 * 1024);
  });
});
