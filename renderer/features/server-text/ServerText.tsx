// Text a server sent (a name, a title, a URI), shown as sent and no more: isolated from the text around it (<bdi>), so
// right-to-left characters in one field cannot reorder the next, and with each hidden character (bidirectional
// controls, invisible and control characters, shared/hidden-characters.ts) shown as a mark in its place instead of
// acting on the text. Plain text, the usual case, renders as plain text inside the <bdi>.
import type { ReactNode } from 'react';
import { splitHidden, type HiddenCharacter } from '../../../shared/hidden-characters';
import { useCachedT } from '../../i18n/text-cache';
import './server-text.css';

function HiddenMark({ hidden }: { hidden: HiddenCharacter }) {
  const t = useCachedT('common');
  const title = hidden.name ? t('hiddenCharacter.named', { codePoint: hidden.codePoint, name: hidden.name }) : t('hiddenCharacter.unnamed', { codePoint: hidden.codePoint });
  return (
    <abbr className="hidden-char" data-code-point={hidden.codePoint} title={title}>
      {hidden.mark}
    </abbr>
  );
}

/** `text` with its hidden characters as marks (not isolated: for runs inside a ServerText, such as search highlights). */
export function revealHidden(text: string): ReactNode {
  const parts = splitHidden(text);
  if (parts.length === 1 && typeof parts[0] === 'string') return parts[0];
  return parts.map((part, k) => (typeof part === 'string' ? part : <HiddenMark key={k} hidden={part} />));
}

export function ServerText({ text }: { text: string }) {
  return <bdi>{revealHidden(text)}</bdi>;
}
