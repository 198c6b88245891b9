// The cache panel (dock tab): what the engine's response cache holds (method, key, server, scope, size,
// expiry), hit/miss/revalidation counters per server, and actions to evict one entry or clear all.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CacheCounters, CacheEntryInfo, ServerId } from '../../../shared/contract';
import { callErrorOf } from '../../api/call-error';
import { useCacheActions, useCacheSnapshot } from './use-cache-snapshot';
import { useNow } from './use-now';
import { isFresh } from '../../../shared/cache/freshness';
import './cache.css';

/** Rows rendered at most; the budget bounds the cache, this bounds the DOM. */
const MAX_ROWS = 500;

type CacheT = TFunction<'cache'>;

function keyLabel(entry: CacheEntryInfo, t: CacheT): string {
  if (entry.method === 'resources/read') return entry.params;
  return entry.params === '' ? t('panel.firstPage') : t('panel.cursor', { cursor: entry.params });
}

function expiryLabel(expiresAt: number, now: number, t: CacheT): string {
  return expiresAt > now ? t('panel.expiresIn', { ms: expiresAt - now }) : t('panel.expiredAgo', { ms: now - expiresAt });
}

const counterColumns: readonly (keyof CacheCounters)[] = ['hits', 'misses', 'revalidations', 'staleServed'];
const entryColumns = ['method', 'key', 'server', 'scope', 'size', 'expiry'] as const;

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
  const { t } = useTranslation('cache');
  const servers = Object.keys(counters).sort();
  if (servers.length === 0) return <p className="cache-note">{t('panel.noCalls')}</p>;
  return (
    <table className="cache-counters" aria-label={t('panel.countersLabel')}>
      <ColumnHeads labels={[t('column.server'), ...counterColumns.map(counter => t(`counter.${counter}`))]} />
      <tbody>
        {servers.map(id => (
          <tr key={id} data-testid="cache-counters" data-server-id={id}>
            <th scope="row">{id}</th>
            {counterColumns.map(counter => (
              <td key={counter} data-counter={counter}>
                {t('panel.count', { count: counters[id][counter] })}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EntryRow({ entry, now, onEvict, busy }: { entry: CacheEntryInfo; now: number; onEvict: () => void; busy: boolean }) {
  const { t } = useTranslation('cache');
  const state = isFresh(entry, now) ? 'fresh' : 'stale';
  const key = keyLabel(entry, t);
  return (
    <tr data-testid="cache-entry" data-method={entry.method} data-key={entry.key} data-cache-state={state} data-server-id={entry.serverId} data-scope={entry.scope}>
      <td>{entry.method}</td>
      <td className="cache-key" title={key}>
        {key}
      </td>
      <td>{entry.serverId}</td>
      <td>{t(`scope.${entry.scope}`)}</td>
      <td className="cache-num">{t('panel.size', { size: entry.size })}</td>
      <td className={`cache-state cache-state--${state}`} title={t('panel.expiresAt', { date: new Date(entry.expiresAt) })}>
        {expiryLabel(entry.expiresAt, now, t)}
      </td>
      <td>
        <button type="button" data-testid="cache-evict" onClick={onEvict} disabled={busy} aria-label={t('panel.evictLabel', { method: entry.method, key })}>
          {t('panel.evict')}
        </button>
      </td>
    </tr>
  );
}

export function CachePanel() {
  const { t } = useTranslation('cache');
  const snapshot = useCacheSnapshot();
  const { evict, clear } = useCacheActions();
  const now = useNow();
  const data = snapshot.data;
  const actionError = evict.error ?? clear.error;
  return (
    <section className="cache-panel" data-testid="cache-panel" aria-label={t('panel.label')} data-entries={data?.entries.length ?? 0}>
      <div className="cache-toolbar">
        <span>{data ? t('panel.summary', { count: data.entries.length, size: data.totalBytes, budget: data.budgetBytes }) : t('panel.loading')}</span>
        <span className="cache-toolbar-spacer" />
        <button type="button" data-testid="cache-clear" onClick={() => clear.mutate()} disabled={!data || data.entries.length === 0 || clear.isPending}>
          {t('panel.clearAll')}
        </button>
      </div>
      {snapshot.error && <p className="cache-problem" role="alert">{t('panel.readFailed', { message: callErrorOf(snapshot.error).message })}</p>}
      {actionError && <p className="cache-problem" role="alert">{callErrorOf(actionError).message}</p>}
      {data && (
        <div className="cache-body">
          <CountersTable counters={data.countersByServer} />
          {data.entries.length === 0 ? (
            <p className="cache-note">{t('panel.empty')}</p>
          ) : (
            <table className="cache-entries" aria-label={t('panel.entriesLabel')}>
              <ColumnHeads labels={entryColumns.map(column => t(`column.${column}`))} hiddenLast={t('column.actions')} />
              <tbody>
                {data.entries.slice(0, MAX_ROWS).map(entry => (
                  <EntryRow key={entry.key} entry={entry} now={now} busy={evict.isPending} onEvict={() => evict.mutate(entry.key)} />
                ))}
              </tbody>
            </table>
          )}
          {data.entries.length > MAX_ROWS && <p className="cache-note">{t('panel.truncated', { shown: MAX_ROWS, count: data.entries.length })}</p>}
        </div>
      )}
    </section>
  );
}
