// A stdio server's stderr, live: bounded, searchable, and following the newest line unless the user
// scrolled up to read.
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { StderrLine } from '../../../shared/contract';
import { formatTime } from './details-format';

export function StderrPane({ lines, dropped }: { lines: StderrLine[]; dropped: number }) {
  const [search, setSearch] = useState('');
  const needle = useDeferredValue(search.trim().toLowerCase());
  const shown = useMemo(() => (needle ? lines.filter(l => l.text.toLowerCase().includes(needle)) : lines), [lines, needle]);
  const scrollRef = useRef<HTMLOListElement>(null);
  const follow = useRef(true);

  useEffect(() => {
    const el = scrollRef.current;
    if (el && follow.current) el.scrollTop = el.scrollHeight;
  }, [shown]);

  return (
    <section className="stderr" aria-label="Standard error">
      <div className="details-row">
        <h4>stderr</h4>
        <input
          type="search"
          data-testid="stderr-search"
          aria-label="Search stderr"
          placeholder="Search stderr…"
          value={search}
          onChange={e => setSearch(e.target.value)}
        />
        <span data-testid="stderr-count">{needle ? `${shown.length} of ${lines.length} lines` : `${lines.length} lines`}</span>
        {dropped > 0 && (
          <span data-testid="stderr-dropped" data-dropped={dropped} className="details-warn">
            {dropped} older lines dropped
          </span>
        )}
      </div>
      <ol
        ref={scrollRef}
        className="stderr-lines"
        data-testid="stderr-pane"
        tabIndex={0}
        aria-label="stderr lines"
        onScroll={e => {
          const el = e.currentTarget;
          follow.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
        }}
      >
        {shown.length === 0 && <li className="details-muted">{lines.length === 0 ? 'Nothing on stderr yet.' : 'No line matches.'}</li>}
        {shown.map((line, i) => (
          <li key={`${line.at}-${i}`} data-testid="stderr-line">
            <time className="details-muted">{formatTime(line.at)}</time> {line.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
