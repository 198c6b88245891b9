// A stderr line as a terminal would show it: its ANSI colours and styles (SGR) as classes the theme colours (a
// server's red error reads red in both themes, never unreadable yellow on white), the other escape sequences it
// understands dropped (anser), and any control character left shown as a mark (ServerText). Without this, a line
// logged with colours read "[31merror[39m".
import Anser from 'anser';
import { revealHidden } from '../server-text/ServerText';
import './ansi.css';

const OPTIONS = { use_classes: true, remove_empty: true } as const;

type AnsiPart = ReturnType<typeof Anser.ansiToJson>[number];

/** The classes ansi.css styles: anser's colour class for the text, the same with "-bg" for its background, and one per decoration. */
function classesOf(part: AnsiPart): string {
  const classes: string[] = [];
  if (part.fg) classes.push(part.fg);
  if (part.bg) classes.push(`${part.bg}-bg`);
  for (const decoration of part.decorations) classes.push(`ansi-${decoration}`);
  return classes.join(' ');
}

/** The line's text without its escape sequences: what the search looks in. */
export function ansiPlainText(text: string): string {
  return text.includes('\u001b') ? Anser.ansiToText(text) : text;
}

export function AnsiText({ text }: { text: string }) {
  if (!text.includes('\u001b')) return <>{revealHidden(text)}</>;
  return (
    <>
      {Anser.ansiToJson(text, OPTIONS).map((part, k) => (
        <span key={k} className={classesOf(part) || undefined}>
          {revealHidden(part.content)}
        </span>
      ))}
    </>
  );
}
