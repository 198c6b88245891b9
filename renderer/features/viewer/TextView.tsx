// Plain or highlighted text. Large texts are shown in slices ("show more") so a 5 MB content never
// blocks the page: highlighting only runs on slices small enough to stay fast.
import hljs from 'highlight.js/lib/common';
import { useMemo, useState } from 'react';
import { ShowMore } from './ShowMore';

const sliceChars = 200_000;
const highlightLimit = 100_000;

export function TextView({ text, language }: { text: string; language?: string }) {
  const [shownChars, setShownChars] = useState(sliceChars);
  const shown = text.length > shownChars ? text.slice(0, shownChars) : text;
  const html = useMemo(() => {
    if (!language || shown.length > highlightLimit || !hljs.getLanguage(language)) return undefined;
    // hljs escapes the source; its output holds only <span class> markup.
    return hljs.highlight(shown, { language, ignoreIllegals: true }).value;
  }, [shown, language]);
  return (
    <div className="text-view">
      {html !== undefined ? (
        <pre className="hljs" data-language={language}>
          <code dangerouslySetInnerHTML={{ __html: html }} />
        </pre>
      ) : (
        <pre>
          <code>{shown}</code>
        </pre>
      )}
      <ShowMore shown={shownChars} total={text.length} unit="characters" onMore={() => setShownChars(n => n + sliceChars * 5)} />
    </div>
  );
}
