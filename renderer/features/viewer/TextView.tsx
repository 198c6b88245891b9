// Plain or highlighted text. Large texts are shown in slices ("show more") so a 5 MB content never
// blocks the page: highlighting only runs on slices small enough to stay fast. Bidirectional controls show as marks.
import hljs from 'highlight.js/lib/common';
import { useMemo, useState } from 'react';
import { revealHidden, useMarkBidiInHtml } from '../server-text/ServerText';
import { ShowMore } from './ShowMore';

const sliceChars = 200_000;
const highlightLimit = 100_000;

export function TextView({ text, language }: { text: string; language?: string }) {
  const [shownChars, setShownChars] = useState(sliceChars);
  const shown = text.length > shownChars ? text.slice(0, shownChars) : text;
  const markBidi = useMarkBidiInHtml();
  const html = useMemo(() => {
    if (!language || shown.length > highlightLimit || !hljs.getLanguage(language)) return undefined;
    // hljs escapes the source; its output holds only <span class> markup. A control that reorders text (Trojan
    // Source: code that reads otherwise than it runs) shows as a mark, as in names (ServerText).
    return markBidi(hljs.highlight(shown, { language, ignoreIllegals: true }).value);
  }, [shown, language, markBidi]);
  return (
    <div className="text-view">
      {html !== undefined ? (
        <pre className="hljs" data-language={language}>
          <code dangerouslySetInnerHTML={{ __html: html }} />
        </pre>
      ) : (
        <pre>
          <code>{revealHidden(shown, { bidiOnly: true })}</code>
        </pre>
      )}
      <ShowMore shown={shownChars} total={text.length} unit="characters" onMore={() => setShownChars(n => n + sliceChars * 5)} />
    </div>
  );
}
