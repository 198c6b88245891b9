// The paced inbox on Vitest's fake clock: a lone paced message goes at once, a burst is handed on as one group per
// interval, a message that ends a burst goes at once with what is held, messages that are not paced pass straight
// through unless something is held (then they keep their place), a throwing hand-on does not strand the rest of its
// group, a server's state is never grouped with its next one, and dispose drops what is held.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pacedInbox } from './paced-inbox';

interface Message {
  kind: 'page' | 'last' | 'reply' | 'update' | 'state';
  n: number;
  /** A state's server: a server's next state hides its last one. */
  server?: string;
}

function inboxWith(handOn: (message: Message) => void = () => undefined) {
  const handed: string[] = [];
  const inbox = pacedInbox<Message>(
    message => {
      handed.push(`${message.kind}${message.n}`);
      handOn(message);
    },
    {
      intervalMs: 200,
      paced: message => message.kind === 'page' || message.kind === 'last' || message.kind === 'state',
      endsBurst: message => message.kind === 'last',
      supersedes: (held, next) => held.kind === 'state' && next.kind === 'state' && held.server === next.server,
      now: () => Date.now()
    }
  );
  return { inbox, handed };
}

describe('pacedInbox', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands a lone paced message on at once', () => {
    const { inbox, handed } = inboxWith();
    inbox.receive({ kind: 'page', n: 1 });
    expect(handed).toEqual(['page1']);
    vi.advanceTimersByTime(1_000);
    inbox.receive({ kind: 'page', n: 2 });
    expect(handed).toEqual(['page1', 'page2']);
  });

  it('groups a burst: what comes within the interval waits for its end, in order, then goes together', () => {
    const { inbox, handed } = inboxWith();
    inbox.receive({ kind: 'page', n: 1 });
    vi.advanceTimersByTime(50);
    inbox.receive({ kind: 'page', n: 2 });
    vi.advanceTimersByTime(50);
    inbox.receive({ kind: 'page', n: 3 });
    expect(handed).toEqual(['page1']);
    vi.advanceTimersByTime(99);
    expect(handed).toEqual(['page1']);
    vi.advanceTimersByTime(1);
    expect(handed).toEqual(['page1', 'page2', 'page3']);
    // The group's hand-on starts the next interval.
    inbox.receive({ kind: 'page', n: 4 });
    expect(handed).toEqual(['page1', 'page2', 'page3']);
    vi.advanceTimersByTime(200);
    expect(handed).toEqual(['page1', 'page2', 'page3', 'page4']);
  });

  it('hands the message that ends a burst on at once, with what is held before it, and starts the next interval then', () => {
    const { inbox, handed } = inboxWith();
    inbox.receive({ kind: 'page', n: 1 });
    vi.advanceTimersByTime(50);
    inbox.receive({ kind: 'page', n: 2 });
    inbox.receive({ kind: 'last', n: 3 });
    expect(handed).toEqual(['page1', 'page2', 'last3']);
    // What was held went with it: the interval's end hands nothing on again.
    vi.advanceTimersByTime(1_000);
    expect(handed).toEqual(['page1', 'page2', 'last3']);
    // Within an interval of a hand-on, with nothing held, it goes at once too; a page after it waits as usual.
    inbox.receive({ kind: 'page', n: 4 });
    inbox.receive({ kind: 'last', n: 5 });
    inbox.receive({ kind: 'page', n: 6 });
    expect(handed).toEqual(['page1', 'page2', 'last3', 'page4', 'last5']);
    vi.advanceTimersByTime(200);
    expect(handed).toEqual(['page1', 'page2', 'last3', 'page4', 'last5', 'page6']);
  });

  it('lets messages that are not paced through at once, unless something is held: then they keep their place', () => {
    const { inbox, handed } = inboxWith();
    inbox.receive({ kind: 'page', n: 1 });
    inbox.receive({ kind: 'update', n: 1 });
    expect(handed).toEqual(['page1', 'update1']);
    inbox.receive({ kind: 'page', n: 2 });
    inbox.receive({ kind: 'reply', n: 1 });
    inbox.receive({ kind: 'update', n: 2 });
    expect(handed).toEqual(['page1', 'update1']);
    vi.advanceTimersByTime(200);
    expect(handed).toEqual(['page1', 'update1', 'page2', 'reply1', 'update2']);
  });

  it("groups states of different servers, but hands a server's state on before its next one, which starts the next group", () => {
    const { inbox, handed } = inboxWith();
    inbox.receive({ kind: 'page', n: 1 });
    inbox.receive({ kind: 'state', n: 1, server: 'a' });
    inbox.receive({ kind: 'state', n: 2, server: 'b' });
    inbox.receive({ kind: 'page', n: 2 });
    expect(handed).toEqual(['page1']);
    // Grouped with a's first state, the second would hide it: the group goes now, and the second waits its interval.
    inbox.receive({ kind: 'state', n: 3, server: 'a' });
    expect(handed).toEqual(['page1', 'state1', 'state2', 'page2']);
    inbox.receive({ kind: 'page', n: 3 });
    vi.advanceTimersByTime(199);
    expect(handed).toEqual(['page1', 'state1', 'state2', 'page2']);
    vi.advanceTimersByTime(1);
    expect(handed).toEqual(['page1', 'state1', 'state2', 'page2', 'state3', 'page3']);
  });

  it('hands the rest of a group on when one message throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { inbox, handed } = inboxWith(message => {
      if (message.n === 2) throw new Error('listener failed');
    });
    inbox.receive({ kind: 'page', n: 1 });
    inbox.receive({ kind: 'page', n: 2 });
    inbox.receive({ kind: 'page', n: 3 });
    vi.advanceTimersByTime(200);
    expect(handed).toEqual(['page1', 'page2', 'page3']);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('drops what it holds when disposed', () => {
    const { inbox, handed } = inboxWith();
    inbox.receive({ kind: 'page', n: 1 });
    inbox.receive({ kind: 'page', n: 2 });
    inbox.dispose();
    vi.advanceTimersByTime(1_000);
    expect(handed).toEqual(['page1']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
