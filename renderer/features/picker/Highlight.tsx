// Text a server sent with the search's matched characters wrapped in <mark>, isolated and with its hidden characters
// shown as marks (ServerText): a match's ranges are of the text as sent, and each hidden character is one mark.
import { highlightRanges, splitByRanges } from '../../../shared/search/search';
import { revealHidden } from '../server-text/ServerText';

export function Highlight({ text, query }: { text: string; query: string }) {
  if (!query.trim()) return <bdi>{revealHidden(text)}</bdi>;
  const parts = splitByRanges(text, highlightRanges(text, query));
  return (
    <bdi>
      {parts.map(([part, matched], k) => (matched ? <mark key={k}>{revealHidden(part)}</mark> : <span key={k}>{revealHidden(part)}</span>))}
    </bdi>
  );
}
