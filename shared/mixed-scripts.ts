// Words that mix Latin letters with Cyrillic or Greek ones: "p\u0430ypal" with a Cyrillic "\u0430" looks like "paypal" and is
// not (a homoglyph). A word wholly in one script is never flagged, whatever the script: only the letters of another
// script inside a Latin word are, which is how look-alike names are made (Unicode TS #39 calls this mixed-script
// detection). Other look-alikes (digits, full-width forms) are out of its reach.

export interface ForeignLetters {
  /** The letters, as sent. */
  text: string;
  /** Their script: the one a Latin word should not hold. */
  script: 'Cyrillic' | 'Greek';
  /** Their code points, "U+0430 U+0435". */
  codePoints: string;
}

/** Beyond ASCII: the only text that can hold a letter of another script (most names and URIs are not). */
const NON_ASCII = /[^ -~\t\n\r]/;
const WORD = /\p{L}+/gu;
const LATIN = /\p{Script=Latin}/u;
const FOREIGN = /\p{Script=Cyrillic}+|\p{Script=Greek}+/gu;
const CYRILLIC = /\p{Script=Cyrillic}/u;

const codePointsOf = (text: string) => [...text].map(c => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');

/** `text` as runs of plain text and the Cyrillic or Greek letters inside its Latin words, in order. */
export function splitMixedScripts(text: string): (string | ForeignLetters)[] {
  if (!NON_ASCII.test(text)) return [text];
  const parts: (string | ForeignLetters)[] = [];
  let from = 0;
  for (const word of text.matchAll(WORD)) {
    if (!LATIN.test(word[0])) continue;
    for (const foreign of word[0].matchAll(FOREIGN)) {
      const at = word.index + foreign.index;
      if (at > from) parts.push(text.slice(from, at));
      parts.push({ text: foreign[0], script: CYRILLIC.test(foreign[0]) ? 'Cyrillic' : 'Greek', codePoints: codePointsOf(foreign[0]) });
      from = at + foreign[0].length;
    }
  }
  if (parts.length === 0) return [text];
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}
