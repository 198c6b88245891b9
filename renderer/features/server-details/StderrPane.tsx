// A stdio server's stderr, live: bounded, searchable, and following the newest line unless the user
// scrolled up to read. Lines keep their ANSI colours (AnsiText); the search looks in their text without escapes.
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StderrLine } from '../../../shared/contract';
import { AnsiText, ansiPlainText } from './AnsiText';

export function StderrPane({ lines, dropped }: { lines: StderrLine[]; dropped: number }) {
  const { t } = useTranslation('serverDetails');
  const [search, setSearch] = useState('');
  const needle = useDeferredValue(search.trim().toLowerCase());
  const shown = useMemo(() => (needle ? lines.filter(l => ansiPlainText(l.text).toLowerCase().includes(needle)) : lines), [lines, needle]);
  const scrollRef = useRef<HTMLOListElement>(null);
  const follow = useRef(true);

  useEffect(() => {
    const el = scrollRef.current;
    if (el && follow.current) el.scrollTop = el.scrollHeight;
  }, [shown]);

  return (
    <section className="stderr" aria-label={t('stderr.label')}>
      <div className="details-row">
        <h3>{t('stderr.heading')}</h3>
        <input
          type="search"
          data-testid="stderr-search"
          aria-label={t('stderr.searchLabel')}
          placeholder={t('stderr.searchPlaceholder')}
          value={search}
          onChange={e => setSearch(e.target.value)}
        />
        <span data-testid="stderr-count">{needle ? t('stderr.countFiltered', { shown: shown.length, count: lines.length }) : t('stderr.count', { count: lines.length })}</span>
        {dropped > 0 && (
          <span data-testid="stderr-dropped" data-dropped={dropped} className="details-warn">
            {t('stderr.dropped', { count: dropped })}
          </span>
        )}
      </div>
      <ol
        ref={scrollRef}
        className="stderr-lines"
        data-testid="stderr-pane"
        tabIndex={0}
        aria-label={t('stderr.linesLabel')}
        onScroll={e => {
          const el = e.currentTarget;
          follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
      >
        {shown.length === 0 && <li className="details-muted">{lines.length === 0 ? t('stderr.empty') : t('stderr.noMatch')}</li>}
        {shown.map((line, i) => (
          <li key={`${line.at}-${i}`} data-testid="stderr-line">
            <time className="details-muted">{t('time', { at: line.at })}</time> <AnsiText text={line.text} />
          </li>
        ))}
      </ol>
    </section>
  );
}
