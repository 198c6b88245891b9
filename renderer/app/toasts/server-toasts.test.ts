// The toasts a change of the server list announces: errors, dropped connections, sign-in needed; nothing
// for the first snapshot, for a disabled server, for a repeat of the same state or for a recovery.
import { describe, expect, it } from 'vitest';
import type { ServerState } from '../../../shared/contract';
import { serverToasts, withFailure, withoutRepeats, type ToastItem } from './server-toasts';

const server = (id: string, patch: Partial<ServerState> = {}): ServerState => ({ id, transport: 'stdio', status: 'connected', reconnectAttempt: 0, endpoint: id, ...patch });

describe('serverToasts', () => {
  it('announces nothing for the first snapshot', () => {
    expect(serverToasts(undefined, [server('a', { status: 'error' })])).toEqual([]);
  });

  it('announces a server going to error once, with its message', () => {
    const before = [server('a'), server('b')];
    const after = [server('a', { status: 'error', lastError: { code: 'transport', message: 'exited with code 1' } }), server('b')];
    expect(serverToasts(before, after)).toEqual([{ kind: 'serverError', serverId: 'a', message: 'exited with code 1' }]);
    expect(serverToasts(after, after)).toEqual([]);
  });

  it('announces a dropped connection (connected → reconnecting), not a retry that keeps failing or a recovery', () => {
    expect(serverToasts([server('a')], [server('a', { status: 'reconnecting' })])).toEqual([{ kind: 'serverDropped', serverId: 'a' }]);
    expect(serverToasts([server('a', { status: 'error' })], [server('a', { status: 'reconnecting' })])).toEqual([]);
    expect(serverToasts([server('a', { status: 'reconnecting' })], [server('a')])).toEqual([]);
  });

  it('announces sign-in needed instead of the unauthorized error it comes with', () => {
    const auth = { state: 'required' } as ServerState['auth'];
    const after = [server('a', { status: 'error', transport: 'http', lastError: { code: 'unauthorized', message: '401' }, auth })];
    expect(serverToasts([server('a', { transport: 'http' })], after)).toEqual([{ kind: 'signInNeeded', serverId: 'a' }]);
  });

  it('says nothing about a server being disabled or a server just added', () => {
    expect(serverToasts([server('a')], [server('a', { status: 'disconnected', disabled: true })])).toEqual([]);
    expect(serverToasts([], [server('new', { status: 'error' })])).toEqual([]);
  });
});

describe('withoutRepeats', () => {
  const failed = (message: string) => server('a', { status: 'error', lastError: { code: 'transport', message } });
  const retrying = server('a', { status: 'reconnecting' });

  it('announces a server failing the same way over and over once, again after it connected or when it fails otherwise', () => {
    const announced = new Map<string, string>();
    const steps = [retrying, failed('spawn x ENOENT'), retrying, failed('spawn x ENOENT'), retrying, failed('exit code 1'), server('a'), failed('exit code 1')];
    const shown = steps.slice(1).flatMap((after, k) => withoutRepeats(serverToasts([steps[k]], [after]), [after], announced));
    expect(shown).toEqual([
      { kind: 'serverError', serverId: 'a', message: 'spawn x ENOENT' },
      { kind: 'serverError', serverId: 'a', message: 'exit code 1' },
      { kind: 'serverError', serverId: 'a', message: 'exit code 1' }
    ]);
  });

  it('lets every other kind of toast through', () => {
    const dropped = { kind: 'serverDropped', serverId: 'a' } as const;
    expect(withoutRepeats([dropped, dropped], [retrying], new Map())).toEqual([dropped, dropped]);
  });
});

describe('withFailure', () => {
  const grouped = (servers: string[]) => `${servers.length} servers failed: ${servers.join(', ')}`;

  it('shows one failure with its message, and several at once as one toast naming every server, newest last', () => {
    const info: ToastItem = { id: 1, message: 'Context copied as Markdown.', tone: 'info' };
    let items = withFailure([info], 2, 'missing', 'missing failed: Command not found', grouped);
    expect(items).toEqual([info, { id: 2, message: 'missing failed: Command not found', tone: 'error', failed: ['missing'] }]);
    items = withFailure(items, 3, 'remote', 'remote failed: Nothing is listening', grouped);
    items = withFailure(items, 4, 'crash-loop', 'crash-loop failed: Crash loop', grouped);
    expect(items).toEqual([info, { id: 4, message: '3 servers failed: missing, remote, crash-loop', tone: 'error', failed: ['missing', 'remote', 'crash-loop'] }]);
  });

  it('names a server once, however often it fails while the toast shows', () => {
    let items = withFailure([], 1, 'a', 'a failed: x', grouped);
    items = withFailure(items, 2, 'b', 'b failed: y', grouped);
    items = withFailure(items, 3, 'a', 'a failed: z', grouped);
    expect(items).toEqual([{ id: 3, message: '2 servers failed: b, a', tone: 'error', failed: ['b', 'a'] }]);
    // Alone again (its toast dismissed in between), a server's failure says its own message.
    expect(withFailure([], 4, 'a', 'a failed: z', grouped)).toEqual([{ id: 4, message: 'a failed: z', tone: 'error', failed: ['a'] }]);
  });
});
