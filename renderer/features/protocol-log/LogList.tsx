// The virtualized entry list: only the rows in view are in the DOM, so a flood of notifications costs
// a re-render of a screenful, not of the whole log. Follows the newest entry until the user scrolls up.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogEntry } from '../../../shared/contract';
import { withHiddenMarked } from '../../../shared/hidden-characters';
import { entryHint } from './log-format';
import { ServerText } from '../server-text/ServerText';

const ROW_HEIGHT = 24;

export interface LogListProps {
  entries: LogEntry[];
  selectedSeq: number | null;
  onSelect(seq: number): void;
}

export function LogList({ entries, selectedSeq, onSelect }: LogListProps) {
  const { t } = useTranslation('log');
  const scrollRef = useRef<HTMLDivElement>(null);
  const [follow, setFollow] = useState(true);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialRect: { width: 800, height: 12 * ROW_HEIGHT },
    getItemKey: index => entries[index].seq
  });

  // Following: pin the scroll position to the bottom once the new height is in the DOM. Setting
  // scrollTop directly costs one layout; scrollToIndex would re-measure over several frames.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (follow && el) el.scrollTop = el.scrollHeight;
  }, [follow, entries]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < ROW_HEIGHT * 2;
    if (atBottom !== follow) setFollow(atBottom);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const at = entries.findIndex(e => e.seq === selectedSeq);
    const next = Math.min(entries.length - 1, Math.max(0, at === -1 ? entries.length - 1 : at + (event.key === 'ArrowDown' ? 1 : -1)));
    if (next < 0) return;
    onSelect(entries[next].seq);
    virtualizer.scrollToIndex(next);
  };

  return (
    <div className="log-list-wrap">
      <div
        ref={scrollRef}
        className="log-list"
        role="listbox"
        aria-label={t('list.label')}
        tabIndex={0}
        onScroll={onScroll}
        onKeyDown={onKeyDown}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map(row => {
            const entry = entries[row.index];
            return (
              <LogRow
                key={row.key}
                entry={entry}
                top={row.start}
                selected={entry.seq === selectedSeq}
                onSelect={onSelect}
              />
            );
          })}
        </div>
      </div>
      {!follow && entries.length > 0 && (
        <button type="button" className="log-follow" data-testid="log-follow" onClick={() => setFollow(true)}>
          {t('list.jumpToLatest')}
        </button>
      )}
    </div>
  );
}

function LogRow({ entry, top, selected, onSelect }: { entry: LogEntry; top: number; selected: boolean; onSelect(seq: number): void }) {
  const { t } = useTranslation('log');
  const hint = entryHint(entry);
  return (
    <div
      role="option"
      aria-selected={selected}
      data-testid="protocol-entry"
      data-direction={entry.direction}
      data-kind={entry.kind}
      data-method={entry.method ?? ''}
      data-server-id={entry.serverId}
      data-seq={entry.seq}
      data-id={entry.id ?? ''}
      data-origin={entry.origin ?? ''}
      data-unmatched={entry.unmatched ? 'true' : undefined}
      className={`log-row log-row--${entry.kind}`}
      style={{ top, height: ROW_HEIGHT }}
      onClick={() => onSelect(entry.seq)}
    >
      <span className="log-time">{t('clock', { at: entry.at })}</span>
      <span className={`log-dir log-dir--${entry.direction}`} title={t(`direction.${entry.direction}`)} aria-label={t(`direction.${entry.direction}`)}>
        {entry.direction === 'out' ? '→' : entry.direction === 'in' ? '←' : '⟲'}
      </span>
      <span className="log-server">{entry.serverId}</span>
      {/* An answer no request awaits says so where a narrow list still shows it (the badges are the last column). */}
      <span className="log-kind">{entry.unmatched ? t('kind.unmatched') : t(`kind.${entry.kind}`)}</span>
      <span className="log-method">{entry.method ? <ServerText text={entry.method} /> : '—'}</span>
      <span className="log-id">{entry.id !== undefined ? `#${entry.id}` : ''}</span>
      {/* The badges lead the hint's room, so a narrow list cuts the hint's end, not a badge or the columns after it. */}
      <span className="log-hint" title={withHiddenMarked(hint)}>
        {entry.origin && <span className={`log-badge log-badge--${entry.origin}`}>{t(`origin.${entry.origin}`)}</span>}
        {entry.truncated && <span className="log-badge">{t('list.trimmed')}</span>}
        {entry.unmatched && <span className="log-badge log-badge--unmatched">{t('list.unmatched')}</span>}
        {entry.kind === 'not-json-rpc' ? <ServerText text={hint} /> : hint}
      </span>
      <span className="log-latency">{entry.latencyMs !== undefined ? t('latency', { ms: entry.latencyMs }) : ''}</span>
      <span className="log-size">{entry.direction === 'cache' ? t('list.noFrame') : t('size', { size: entry.size })}</span>
    </div>
  );
}
