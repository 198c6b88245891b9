// Text a server sent (a name, a title, a URI), shown as sent and no more: isolated from the text around it (<bdi>), so
// right-to-left characters in one field cannot reorder the next, and with each hidden character (bidirectional
// controls, invisible and control characters, shared/hidden-characters.ts) shown as a mark in its place instead of
// acting on the text. Plain text, the usual case, renders as plain text inside the <bdi>.
import { useCallback, type ReactNode } from 'react';
import { splitHidden, type HiddenCharacter, type HiddenOptions } from '../../../shared/hidden-characters';
import { splitMixedScripts, type ForeignLetters } from '../../../shared/mixed-scripts';
import { useCachedT } from '../../i18n/text-cache';
import './server-text.css';

type CommonT = ReturnType<typeof useCachedT<'common'>>;

const markTitle = (t: CommonT, hidden: HiddenCharacter) =>
  hidden.name ? t('hiddenCharacter.named', { codePoint: hidden.codePoint, name: hidden.name }) : t('hiddenCharacter.unnamed', { codePoint: hidden.codePoint });

function HiddenMark({ hidden }: { hidden: HiddenCharacter }) {
  const t = useCachedT('common');
  const title = markTitle(t, hidden);
  return (
    <abbr className="hidden-char" data-code-point={hidden.codePoint} title={title}>
      {hidden.mark}
    </abbr>
  );
}

function ForeignLettersMark({ foreign }: { foreign: ForeignLetters }) {
  const t = useCachedT('common');
  return (
    <span className="mixed-script" data-script={foreign.script} title={t('mixedScript', { script: t(`script.${foreign.script}`), codePoints: foreign.codePoints })}>
      {foreign.text}
    </span>
  );
}

/** A run of text with the Cyrillic or Greek letters inside its Latin words underlined (shared/mixed-scripts.ts). */
function revealMixedScripts(text: string, key: number): ReactNode {
  const parts = splitMixedScripts(text);
  if (parts.length === 1 && typeof parts[0] === 'string') return text;
  return parts.map((part, k) => (typeof part === 'string' ? part : <ForeignLettersMark key={`${key}.${k}`} foreign={part} />));
}

/**
 * `text` with its hidden characters as marks (not isolated: for runs inside a ServerText, such as search highlights),
 * and the letters of another script inside its Latin words (a look-alike name) underlined. `bidiOnly`: only the
 * controls that reorder text, and no look-alike check, for a resource's own text (shared/hidden-characters.ts).
 * `keepLayout`: tabs and line ends stay as they are (pretty-printed JSON, whose only raw line ends are its layout).
 */
export function revealHidden(text: string, options?: HiddenOptions): ReactNode {
  const parts = splitHidden(text, options);
  const plain = (part: string, k: number) => (options?.bidiOnly ? part : revealMixedScripts(part, k));
  if (parts.length === 1 && typeof parts[0] === 'string') return plain(parts[0], 0);
  return parts.map((part, k) => (typeof part === 'string' ? plain(part, k) : <HiddenMark key={k} hidden={part} />));
}

export function ServerText({ text }: { text: string }) {
  return <bdi>{revealHidden(text)}</bdi>;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * For highlighted code (highlight.js's HTML, which escapes the source and adds only <span class> tags, so a control
 * character is only ever in text): each bidirectional control replaced by the mark HiddenMark renders.
 */
export function useMarkBidiInHtml(): (html: string) => string {
  const t = useCachedT('common');
  return useCallback(
    (html: string) => {
      const parts = splitHidden(html, { bidiOnly: true });
      if (parts.length === 1 && typeof parts[0] === 'string') return html;
      return parts
        .map(part =>
          typeof part === 'string' ? part : `<abbr class="hidden-char" data-code-point="${part.codePoint}" title="${escapeHtml(markTitle(t, part))}">${part.mark}</abbr>`
        )
        .join('');
    },
    [t]
  );
}
