// The interest rule both carriers' hosts apply (socket-session.ts per socket, main.ts per window), and the
// preload's check of what may cross the interest channel. Pure modules: no Electron, no sockets.
import { describe, expect, it } from 'vitest';
import { MAX_EVENT_INTEREST_NAMES, MAX_EVENT_NAME_LENGTH } from '../../shared/contract';
import { EventInterest, EventInterests } from './event-interest';
import { interestMessage } from '../desktop/interest-message';

const malformed: unknown[] = [
  null,
  'serverState',
  ['serverState'],
  { names: ['serverState'] },
  { type: 'call', names: ['serverState'] },
  { type: 'events' },
  { type: 'events', names: 'serverState' },
  { type: 'events', names: [1] },
  { type: 'events', names: ['x'.repeat(MAX_EVENT_NAME_LENGTH + 1)] },
  { type: 'events', names: Array.from({ length: MAX_EVENT_INTEREST_NAMES + 1 }, (_, i) => `e${i}`) }
];

describe('EventInterest', () => {
  it('wants every event before any interest envelope and only the named ones after', () => {
    const interest = new EventInterest();
    expect(['serverState', 'logAppended', 'anything'].every(name => interest.wants(name))).toBe(true);
    expect(interest.accept({ type: 'events', names: ['serverState', 'listProgress'] })).toBe(true);
    expect(interest.wants('serverState')).toBe(true);
    expect(interest.wants('listProgress')).toBe(true);
    expect(interest.wants('logAppended')).toBe(false);
    // A later envelope replaces the earlier one; an empty one wants nothing.
    expect(interest.accept({ type: 'events', names: ['logAppended'] })).toBe(true);
    expect([interest.wants('logAppended'), interest.wants('serverState')]).toEqual([true, false]);
    expect(interest.accept({ type: 'events', names: [] })).toBe(true);
    expect(interest.wants('logAppended')).toBe(false);
  });

  it('refuses malformed envelopes and keeps the interest it had', () => {
    const fresh = new EventInterest();
    const picky = new EventInterest();
    picky.accept({ type: 'events', names: ['serverRemoved'] });
    for (const raw of malformed) {
      expect(fresh.accept(raw), JSON.stringify(raw)?.slice(0, 80)).toBe(false);
      expect(picky.accept(raw)).toBe(false);
    }
    expect(fresh.wants('logAppended')).toBe(true);
    expect([picky.wants('serverRemoved'), picky.wants('logAppended')]).toEqual([true, false]);
  });
});

describe('EventInterests (per subscriber)', () => {
  it('keeps each subscriber apart and forgets a closed one', () => {
    const interests = new EventInterests<number>();
    expect(interests.accept(1, { type: 'events', names: ['serverState'] })).toBe(true);
    expect([interests.wants(1, 'serverState'), interests.wants(1, 'logAppended')]).toEqual([true, false]);
    // Subscriber 2 never said anything: every event.
    expect(interests.wants(2, 'logAppended')).toBe(true);
    expect(interests.size).toBe(1);

    interests.forget(1);
    expect(interests.size).toBe(0);
    expect(interests.wants(1, 'logAppended')).toBe(true);
  });

  it('ignores a malformed envelope: no entry for a new subscriber, the old interest for a known one', () => {
    const interests = new EventInterests<string>();
    expect(interests.accept('a', { type: 'events', names: ['serverState'] })).toBe(true);
    for (const raw of malformed) {
      expect(interests.accept('a', raw)).toBe(false);
      expect(interests.accept('b', raw)).toBe(false);
    }
    expect(interests.size).toBe(1);
    expect([interests.wants('a', 'serverState'), interests.wants('a', 'stderr'), interests.wants('b', 'stderr')]).toEqual([true, false, true]);
  });
});

describe('interestMessage (what the preload lets cross)', () => {
  it('wraps a copy of the names in an interest envelope the host accepts', () => {
    const names = ['serverState', 'logAppended'];
    const message = interestMessage(names);
    expect(message).toEqual({ type: 'events', names });
    expect(message.names).not.toBe(names);
    expect(new EventInterest().accept(message)).toBe(true);
  });

  it('throws for anything but a bounded array of bounded strings', () => {
    const bad: unknown[] = [
      undefined,
      'serverState',
      { 0: 'serverState', length: 1 },
      [1],
      [{ toString: () => 'serverState' }],
      ['x'.repeat(MAX_EVENT_NAME_LENGTH + 1)],
      Array.from({ length: MAX_EVENT_INTEREST_NAMES + 1 }, () => 'serverState')
    ];
    for (const names of bad) expect(() => interestMessage(names)).toThrow(TypeError);
    expect(interestMessage(Array.from({ length: MAX_EVENT_INTEREST_NAMES }, () => 'x'.repeat(MAX_EVENT_NAME_LENGTH))).names).toHaveLength(
      MAX_EVENT_INTEREST_NAMES
    );
  });
});
