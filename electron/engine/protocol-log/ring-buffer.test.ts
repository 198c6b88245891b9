import { describe, expect, it } from 'vitest';
import { RingBuffer } from './ring-buffer';

describe('RingBuffer', () => {
  it('keeps the newest items up to the cap and counts the dropped ones', () => {
    const ring = new RingBuffer<number>(3);
    for (let i = 1; i <= 5; i++) ring.push(i);
    expect([...ring]).toEqual([3, 4, 5]);
    expect(ring.length).toBe(3);
    expect(ring.dropped).toBe(2);
  });

  it('evicts the oldest items to stay within the byte budget, but always keeps the newest', () => {
    const ring = new RingBuffer<string>(10, 100);
    ring.push('a', 40);
    ring.push('b', 40);
    ring.push('c', 40);
    expect([...ring]).toEqual(['b', 'c']);
    expect(ring.totalBytes).toBe(80);
    ring.push('huge', 500);
    expect([...ring]).toEqual(['huge']);
    expect(ring.dropped).toBe(3);
  });

  it('walks newest first and stops when told to', () => {
    const ring = new RingBuffer<number>(4);
    for (let i = 1; i <= 6; i++) ring.push(i);
    const seen: number[] = [];
    ring.forEachNewest(n => {
      seen.push(n);
      return n > 4;
    });
    expect(seen).toEqual([6, 5, 4]);
  });

  it('retain removes items without counting them as dropped', () => {
    const ring = new RingBuffer<number>(3);
    for (let i = 1; i <= 4; i++) ring.push(i, 1);
    expect(ring.retain(n => n % 2 === 0)).toBe(1);
    expect([...ring]).toEqual([2, 4]);
    expect(ring.dropped).toBe(1);
    expect(ring.totalBytes).toBe(2);
  });

  it('resize keeps the newest items that fit and counts the rest as dropped', () => {
    const ring = new RingBuffer<number>(5);
    for (let i = 1; i <= 5; i++) ring.push(i);
    ring.resize(2);
    expect([...ring]).toEqual([4, 5]);
    expect(ring.dropped).toBe(3);
    ring.resize(4);
    ring.push(6);
    expect([...ring]).toEqual([4, 5, 6]);
    expect(ring.cap).toBe(4);
  });

  it('reweighEach changes kept items\' sizes in the byte count, and evicts if they grew past the budget', () => {
    const ring = new RingBuffer<string>(10, 100);
    ring.push('a', 60);
    ring.push('b', 30);
    ring.reweighEach(item => (item === 'a' ? 10 : undefined));
    expect(ring.totalBytes).toBe(40);
    ring.push('c', 55);
    expect([...ring]).toEqual(['a', 'b', 'c']);
    ring.push('d', 10);
    expect([...ring]).toEqual(['b', 'c', 'd']);
    ring.reweighEach(item => (item === 'd' ? 30 : undefined));
    expect([...ring]).toEqual(['c', 'd']);
    expect(ring.totalBytes).toBe(85);
  });

  it('clear empties it and resets the dropped count', () => {
    const ring = new RingBuffer<number>(1);
    ring.push(1);
    ring.push(2);
    ring.clear();
    expect(ring.length).toBe(0);
    expect(ring.dropped).toBe(0);
  });

  it('rejects a cap that is not a positive integer', () => {
    expect(() => new RingBuffer<number>(0)).toThrow(/positive integer/);
    expect(() => new RingBuffer<number>(2).resize(1.5)).toThrow(/positive integer/);
  });
});
