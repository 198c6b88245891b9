// Text with the search's matched characters wrapped in <mark>.
import { highlightRanges, splitByRanges } from '../../../shared/search/search';

export function Highlight({ text, query }: { text: string; query: string }) {
  if (!query.trim()) return <>{text}</>;
  const parts = splitByRanges(text, highlightRanges(text, query));
  return (
    <>
      {parts.map(([part, matched], k) => (matched ? <mark key={k}>{part}</mark> : <span key={k}>{part}</span>))}
    </>
  );
}
