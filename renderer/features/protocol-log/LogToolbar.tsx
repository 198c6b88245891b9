// Filters (server, method, direction, errors), full-text search, pause, clear, export and the cap.
import { Download, Pause, Play, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_LOG_QUERY_LIMIT, type LogEntry } from '../../../shared/contract';
import { useEngine } from '../../app/engine-context';
import { useServers } from '../../queries/use-servers';
import { useUiStore } from '../../state/ui-store';
import { callErrorOf } from '../../api/call-error';
import { toJsonl } from './log-format';
import { useLogStore, type LogFilters } from './log-store';

const CAP_CHOICES = [1_000, 10_000, 50_000, 100_000];

export function LogToolbar({ entries, shown }: { entries: LogEntry[]; shown: number }) {
  const { t } = useTranslation('log');
  const engine = useEngine();
  const reportError = useUiStore(s => s.reportError);
  const { filters, setFilters, paused, setPaused, dropped, cap, setCap, clearEntries } = useLogStore();
  const servers = useServers().data;
  const [exportStatus, setExportStatus] = useState('');

  const serverIds = useMemo(() => {
    const ids = new Set(servers?.map(s => s.id));
    for (const entry of entries) ids.add(entry.serverId);
    return [...ids].sort();
  }, [servers, entries]);
  const methods = useMemo(() => [...new Set(entries.map(e => e.method).filter((m): m is string => !!m))].sort(), [entries]);

  const run = <T,>(context: string, call: Promise<T>, then: (value: T) => void) =>
    call.then(then, (err: unknown) => reportError(context, callErrorOf(err)));

  const togglePause = () => run(t('toolbar.errorContext.pause'), engine.call('log.setPaused', { paused: !paused }), r => setPaused(r.paused));
  const clear = () => run(t('toolbar.errorContext.clear'), engine.call('log.clear', {}), () => clearEntries());
  const changeCap = (value: number) => run(t('toolbar.errorContext.cap'), engine.call('log.setCap', { cap: value }), r => setCap(r.cap, r.dropped));
  const exportJsonl = () =>
    run(t('toolbar.errorContext.export'), engine.call('log.query', { ...queryOf(filters), limit: MAX_LOG_QUERY_LIMIT }), page =>
      run(
        t('toolbar.errorContext.export'),
        engine.call('file.save', { suggestedName: `protocol-log-${stamp()}.jsonl`, data: toJsonl(page.entries), encoding: 'utf8' }),
        saved =>
          setExportStatus(
            !saved.saved
              ? t('toolbar.exportCancelled')
              : saved.path
                ? t('toolbar.exportedTo', { count: page.entries.length, path: saved.path })
                : t('toolbar.exported', { count: page.entries.length })
          )
      )
    );

  return (
    <div className="log-toolbar" role="toolbar" aria-label={t('toolbar.label')}>
      <label>
        {t('toolbar.server')}{' '}
        <select
          data-testid="log-filter-server"
          value={filters.serverId ?? ''}
          onChange={e => setFilters({ serverId: e.target.value || undefined })}
        >
          <option value="">{t('toolbar.all')}</option>
          {serverIds.map(id => (
            <option key={id} value={id}>
              {id}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('toolbar.method')}{' '}
        <input
          data-testid="log-filter-method"
          list="log-methods"
          size={16}
          value={filters.method}
          placeholder={t('toolbar.anyMethod')}
          onChange={e => setFilters({ method: e.target.value })}
        />
        <datalist id="log-methods">
          {methods.map(m => (
            <option key={m} value={m} />
          ))}
        </datalist>
      </label>
      <label>
        {t('toolbar.direction')}{' '}
        <select
          data-testid="log-filter-direction"
          value={filters.direction ?? ''}
          onChange={e => setFilters({ direction: (e.target.value || undefined) as LogFilters['direction'] })}
        >
          <option value="">{t('toolbar.all')}</option>
          <option value="out">{t('toolbar.sent')}</option>
          <option value="in">{t('toolbar.received')}</option>
          <option value="cache">{t('toolbar.fromCache')}</option>
        </select>
      </label>
      <label>
        <input data-testid="log-filter-errors" type="checkbox" checked={filters.errorsOnly} onChange={e => setFilters({ errorsOnly: e.target.checked })} />{' '}
        {t('toolbar.errorsOnly')}
      </label>
      <input
        data-testid="log-search"
        type="search"
        aria-label={t('toolbar.searchLabel')}
        placeholder={t('toolbar.searchPlaceholder')}
        value={filters.text}
        onChange={e => setFilters({ text: e.target.value })}
      />
      <span className="log-toolbar-spacer" />
      <span data-testid="log-count" aria-live="polite">
        {shown === entries.length ? t('toolbar.count', { count: entries.length }) : t('toolbar.countFiltered', { shown, count: entries.length })}
      </span>
      <span data-testid="log-dropped" data-dropped={dropped} className={dropped > 0 ? 'log-dropped' : undefined}>
        {dropped > 0 ? t('toolbar.dropped', { count: dropped }) : ''}
      </span>
      <label>
        {t('toolbar.keep')}{' '}
        <select data-testid="log-cap" value={cap || ''} onChange={e => changeCap(Number(e.target.value))}>
          {[...new Set([...CAP_CHOICES, cap].filter(Boolean))].sort((a, b) => a - b).map(n => (
            <option key={n} value={n}>
              {t('toolbar.capChoice', { count: n })}
            </option>
          ))}
        </select>
      </label>
      <button type="button" data-testid="log-pause" aria-pressed={paused} onClick={togglePause}>
        {paused ? <Play /> : <Pause />}
        {paused ? t('toolbar.resume') : t('toolbar.pause')}
      </button>
      <button type="button" data-testid="log-clear" onClick={clear}>
        <Trash2 />
        {t('toolbar.clear')}
      </button>
      <button type="button" data-testid="log-export" onClick={exportJsonl}>
        <Download />
        {t('toolbar.export')}
      </button>
      {exportStatus && (
        <span data-testid="log-export-status" role="status">
          {exportStatus}
        </span>
      )}
    </div>
  );
}

/** The panel's filters as a `log.query`, leaving out the empty ones. */
function queryOf(filters: LogFilters) {
  return {
    ...(filters.serverId && { serverId: filters.serverId }),
    ...(filters.method.trim() && { method: filters.method.trim() }),
    ...(filters.direction && { direction: filters.direction }),
    ...(filters.errorsOnly && { errorsOnly: true }),
    ...(filters.text.trim() && { text: filters.text.trim() })
  };
}

function stamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}
