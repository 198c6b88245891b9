// Why the picker shows nothing, from the server states and list states a launch goes through: a fleet waiting
// its turn to start is not "no servers", and servers that all failed are not "still connecting".
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../shared/contract';
import { serverState } from '../../../test-support/renderer/server-state';
import { emptyListReason } from './empty-list-reason';

const list = (serverId: string, pages = 0, extra: { error?: AppError; cancelled?: boolean } = {}) => ({ serverId, pages, cancelled: false, ...extra });
/** The picker's list states for servers it lists that have not listed anything: one per shown server. */
const unlisted = (...ids: string[]) => ids.map(id => list(id));

describe('emptyListReason', () => {
  it('says there are no servers only when none is configured', () => {
    expect(emptyListReason([], [])).toEqual({ kind: 'noServers' });
    // None, because the config file could not be used: the sidebar says why.
    expect(emptyListReason([], [], true)).toEqual({ kind: 'configProblem' });
  });

  it('says none is shown when every server is disabled or filtered out', () => {
    const servers = [serverState('a', 'disconnected', { disabled: true })];
    expect(emptyListReason(servers, [])).toEqual({ kind: 'noneShown' });
  });

  it('counts the servers still on their way at a launch: queued, connecting, connected and not listed', () => {
    const servers = [
      serverState('queued', 'disconnected', { startQueued: true }),
      serverState('connecting', 'connecting'),
      serverState('retrying', 'reconnecting', { reconnectAttempt: 1 }),
      serverState('backing-off', 'reconnecting', { reconnectAttempt: 1, nextRetryAt: 2_000, lastError: { code: 'transport', message: 'exited with code 3' } }),
      serverState('unlisted', 'connected'),
      serverState('listed', 'connected'),
      serverState('failed', 'error'),
      serverState('hidden', 'connecting')
    ];
    const lists = [...unlisted('queued', 'connecting', 'retrying', 'backing-off', 'unlisted'), list('listed', 1), list('failed')];
    expect(emptyListReason(servers, lists)).toEqual({ kind: 'waiting', waiting: 3, total: 7 });
  });

  it('does not wait for a server that failed and retries, trying or waiting out its backoff: its card says why', () => {
    const error = { code: 'transport' as const, message: 'exited with code 3' };
    const backingOff = serverState('crashing', 'reconnecting', { reconnectAttempt: 2, nextRetryAt: 5_000, lastError: error });
    const trying = serverState('crashing', 'reconnecting', { reconnectAttempt: 2, lastError: error });
    expect(emptyListReason([backingOff], unlisted('crashing'))).toEqual({ kind: 'noneConnected' });
    expect(emptyListReason([trying], unlisted('crashing'))).toEqual({ kind: 'noneConnected' });
  });

  it('does not wait for a connected server whose listing failed or was cancelled', () => {
    const servers = [serverState('failed', 'connected'), serverState('cancelled', 'connected')];
    const lists = [list('failed', 0, { error: { code: 'timeout', message: 'timed out' } }), list('cancelled', 0, { cancelled: true })];
    expect(emptyListReason(servers, lists)).toEqual({ kind: 'emptyLists' });
  });

  it('says no server is connected once every shown one has settled without connecting', () => {
    const servers = [serverState('crashed', 'error'), serverState('stopped', 'disconnected'), serverState('off', 'disconnected', { disabled: true })];
    expect(emptyListReason(servers, unlisted('crashed', 'stopped'))).toEqual({ kind: 'noneConnected' });
  });

  it('says the lists are empty once connected servers have listed nothing', () => {
    const servers = [serverState('empty', 'connected'), serverState('down', 'error')];
    expect(emptyListReason(servers, [list('empty', 1), list('down')])).toEqual({ kind: 'emptyLists' });
  });
});
