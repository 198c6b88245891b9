// The fleet summary's groups, from every status a server card can show.
import { describe, expect, it } from 'vitest';
import { serverState } from '../../../test-support/renderer/server-state';
import { narrowedCards, narrowedGroup, serverSummary, SUMMARY_FROM, summaryGroupOf } from './server-summary';

describe('serverSummary', () => {
  it('puts each status in the group a user acts on, a disabled server as disabled whatever its status', () => {
    const fleet = [
      serverState('up', 'connected'),
      serverState('booting', 'connecting'),
      serverState('queued', 'disconnected', { startQueued: true }),
      serverState('crashed', 'error'),
      serverState('retrying', 'reconnecting', { reconnectAttempt: 2, nextRetryAt: 5_000 }),
      serverState('stopped', 'disconnected'),
      serverState('off', 'disconnected', { disabled: true }),
      serverState('off-but-up', 'connected', { disabled: true })
    ];
    expect(fleet.map(summaryGroupOf)).toEqual(['connected', 'starting', 'starting', 'failing', 'failing', 'stopped', 'disabled', 'disabled']);
    expect(serverSummary(fleet)).toEqual({ connected: 1, starting: 2, failing: 2, stopped: 1, disabled: 2 });
  });

  it('counts every group, zero when none', () => {
    expect(serverSummary([])).toEqual({ connected: 0, starting: 0, failing: 0, stopped: 0, disabled: 0 });
  });
});

describe('narrowedGroup', () => {
  const fleet = (n: number) => Array.from({ length: n }, (_, k) => serverState(`s${k}`, k === 0 ? 'error' : 'connected'));

  it('narrows to the chosen group while the summary shows and the group has servers', () => {
    expect(narrowedGroup(fleet(5), 'failing')).toBe('failing');
    expect(narrowedGroup(fleet(5), undefined)).toBeUndefined();
  });

  it('narrows nothing once the group is empty, or once the summary (and its toggle) is gone', () => {
    expect(narrowedGroup(fleet(5), 'stopped')).toBeUndefined();
    // A server removed: four left, no summary, so no toggle to undo the narrowing with.
    expect(narrowedGroup(fleet(4), 'failing')).toBeUndefined();
  });
});

describe('narrowedCards', () => {
  const fleet = (n: number) => Array.from({ length: n }, (_, k) => serverState(`s${k}`, k === 0 ? 'error' : 'connected'));

  it('narrows to the chosen group and the query together while the summary shows', () => {
    const { cards, group, query } = narrowedCards(fleet(6), 'connected', ' s5 ');
    expect(cards.map(s => s.id)).toEqual(['s5']);
    expect(group).toBe('connected');
    expect(query).toBe('s5');
  });

  it('narrows nothing below SUMMARY_FROM servers, where neither the toggles nor the field is shown', () => {
    const { cards, group, query } = narrowedCards(fleet(SUMMARY_FROM - 1), 'failing', 's3');
    expect(cards).toHaveLength(SUMMARY_FROM - 1);
    expect(group).toBeUndefined();
    expect(query).toBe('');
  });
});

