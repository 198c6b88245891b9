// The protocol-log dock panel: every JSON-RPC frame of every server, filterable and searchable, with
// request/response pairs, cache hits, copy, export and replay.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogEntry } from '../../../shared/contract';
import { entryText, logEntryMatcher } from '../../../shared/protocol-log/match';
import { LogDetail } from './LogDetail';
import { LogList } from './LogList';
import { useLogStore } from './log-store';
import { LogToolbar } from './LogToolbar';
import { useLogFeed } from './use-log-feed';
import './protocol-log.css';

// Search text of an entry, computed once per entry (entries are immutable once received).
const textCache = new WeakMap<LogEntry, string>();
function cachedText(entry: LogEntry): string {
  let text = textCache.get(entry);
  if (text === undefined) {
    text = entryText(entry);
    textCache.set(entry, text);
  }
  return text;
}

export function ProtocolLogPanel() {
  const { t } = useTranslation('log');
  useLogFeed();
  const entries = useLogStore(s => s.entries);
  // Not deferred: under a flood, deferred renders would keep losing to incoming entries.
  const filters = useLogStore(s => s.filters);
  const paused = useLogStore(s => s.paused);
  const selectedSeq = useLogStore(s => s.selectedSeq);
  const select = useLogStore(s => s.select);
  const visible = useMemo(() => {
    const match = logEntryMatcher(filters, cachedText);
    return entries.filter(match);
  }, [entries, filters]);

  return (
    <section className="protocol-log" data-testid="protocol-log" aria-label={t('panel.label')} data-paused={paused} data-count={visible.length}>
      <LogToolbar entries={entries} shown={visible.length} />
      {paused && <p className="log-note">{t('panel.paused')}</p>}
      <div className="log-body">
        {visible.length === 0 ? (
          <p className="log-empty">{entries.length === 0 ? t('panel.noFrames') : t('panel.noMatch')}</p>
        ) : (
          <LogList entries={visible} selectedSeq={selectedSeq} onSelect={select} />
        )}
        {selectedSeq !== null && <LogDetail entries={entries} selectedSeq={selectedSeq} onSelect={select} />}
      </div>
    </section>
  );
}
