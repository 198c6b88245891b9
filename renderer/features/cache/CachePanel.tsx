// The cache panel (dock tab): what the engine's response cache holds (method, key, server, scope, size,
// expiry), hit/miss/revalidation counters per server, and actions to evict one entry or clear all.
import type { CacheCounters, CacheEntryInfo, ServerId } from '../../../shared/contract';
import { callErrorOf } from '../../api/call-error';
import { formatBytes, formatDuration } from './cache-format';
import { useCacheActions, useCacheSnapshot } from './use-cache-snapshot';
import { useNow } from './use-now';
import { isFresh } from '../../../shared/cache/freshness';
import './cache.css';

/** Rows rendered at most; the budget bounds the cache, this bounds the DOM. */
const MAX_ROWS = 500;

function keyLabel(entry: CacheEntryInfo): string {
  if (entry.method === 'resources/read') return entry.params;
  return entry.params === '' ? 'first page / whole list' : `cursor ${entry.params}`;
}

function expiryLabel(expiresAt: number, now: number): string {
  return expiresAt > now ? `in ${formatDuration(expiresAt - now)}` : `expired ${formatDuration(now - expiresAt)} ago`;
}

const counterColumns: readonly (readonly [keyof CacheCounters, string])[] = [
  ['hits', 'Hits'],
  ['misses', 'Misses'],
  ['revalidations', 'Revalidations'],
  ['staleServed', 'Stale served']
];

/** A header row; `hiddenLast` names a last column (of buttons) for screen readers only. */
function ColumnHeads({ labels, hiddenLast }: { labels: readonly string[]; hiddenLast?: string }) {
  return (
    <thead>
      <tr>
        {labels.map(label => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
        {hiddenLast && (
          <th scope="col">
            <span className="visually-hidden">{hiddenLast}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}

function CountersTable({ counters }: { counters: Record<ServerId, CacheCounters> }) {
  const servers = Object.keys(counters).sort();
  if (servers.length === 0) return <p className="cache-note">No cacheable calls yet.</p>;
  return (
    <table className="cache-counters" aria-label="Cache counters per server">
      <ColumnHeads labels={['Server', ...counterColumns.map(([, label]) => label)]} />
      <tbody>
        {servers.map(id => (
          <tr key={id} data-testid="cache-counters" data-server-id={id}>
            <th scope="row">{id}</th>
            {counterColumns.map(([counter]) => (
              <td key={counter} data-counter={counter}>
                {counters[id][counter]}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EntryRow({ entry, now, onEvict, busy }: { entry: CacheEntryInfo; now: number; onEvict: () => void; busy: boolean }) {
  const state = isFresh(entry, now) ? 'fresh' : 'stale';
  const key = keyLabel(entry);
  return (
    <tr data-testid="cache-entry" data-method={entry.method} data-key={entry.key} data-cache-state={state} data-server-id={entry.serverId} data-scope={entry.scope}>
      <td>{entry.method}</td>
      <td className="cache-key" title={key}>
        {key}
      </td>
      <td>{entry.serverId}</td>
      <td>{entry.scope}</td>
      <td className="cache-num">{formatBytes(entry.size)}</td>
      <td className={`cache-state cache-state--${state}`} title={new Date(entry.expiresAt).toLocaleString()}>
        {expiryLabel(entry.expiresAt, now)}
      </td>
      <td>
        <button type="button" data-testid="cache-evict" onClick={onEvict} disabled={busy} aria-label={`Evict ${entry.method} ${key}`}>
          Evict
        </button>
      </td>
    </tr>
  );
}

export function CachePanel() {
  const snapshot = useCacheSnapshot();
  const { evict, clear } = useCacheActions();
  const now = useNow();
  const data = snapshot.data;
  const actionError = evict.error ?? clear.error;
  return (
    <section className="cache-panel" data-testid="cache-panel" aria-label="Response cache" data-entries={data?.entries.length ?? 0}>
      <div className="cache-toolbar">
        <span>{data ? `${data.entries.length} entries · ${formatBytes(data.totalBytes)} of ${formatBytes(data.budgetBytes)}` : 'Loading…'}</span>
        <span className="cache-toolbar-spacer" />
        <button type="button" data-testid="cache-clear" onClick={() => clear.mutate()} disabled={!data || data.entries.length === 0 || clear.isPending}>
          Clear all
        </button>
      </div>
      {snapshot.error && <p className="cache-problem" role="alert">Could not read the cache: {callErrorOf(snapshot.error).message}</p>}
      {actionError && <p className="cache-problem" role="alert">{callErrorOf(actionError).message}</p>}
      {data && (
        <div className="cache-body">
          <CountersTable counters={data.countersByServer} />
          {data.entries.length === 0 ? (
            <p className="cache-note">The cache is empty.</p>
          ) : (
            <table className="cache-entries" aria-label="Cached responses">
              <ColumnHeads labels={['Method', 'Key', 'Server', 'Scope', 'Size', 'Expiry']} hiddenLast="Actions" />
              <tbody>
                {data.entries.slice(0, MAX_ROWS).map(entry => (
                  <EntryRow key={entry.key} entry={entry} now={now} busy={evict.isPending} onEvict={() => evict.mutate(entry.key)} />
                ))}
              </tbody>
            </table>
          )}
          {data.entries.length > MAX_ROWS && <p className="cache-note">Showing the {MAX_ROWS} most recently used of {data.entries.length} entries.</p>}
        </div>
      )}
    </section>
  );
}
