// Random picker items for the search tests: most URIs share a scheme, few letters so items often hold a term's
// letters and pairs without the term, some line breaks and accents.
import { rng } from '../picker/random';
import { item } from '../picker/items';

const WORDS = ['fjord', 'design', 'runbook', 'catalog', 'glacier', 'invoice', 'kelp', 'orchid', 'roadmap', 'readme', 'ref'];
const MIMES = ['text/plain', 'application/json', 'text/x-typescript', undefined];

/** Few letters, so an item often has a term's letters and letter pairs without the term itself. */
const LETTERS = 'abcder/:- ';

export function letters(next: () => number, length: number): string {
  return Array.from({ length }, () => LETTERS[Math.floor(next() * LETTERS.length)]).join('');
}

export function randomItems(seed: number, count: number) {
  const next = rng(seed);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  return Array.from({ length: count }, (_, i) => {
    // Most URIs share a scheme and path, as a server's catalog does; some names equal a typed query.
    const uri = next() < 0.8 ? `ref://catalog/${i}` : `file:///${pick(WORDS)}/${pick(WORDS)}-${i % 50}`;
    const name = next() < 0.1 ? pick(WORDS) : `${pick(WORDS)}-${pick(WORDS)}-${i}.txt`;
    const title = next() < 0.5 ? `${pick(WORDS)} ${pick(WORDS)} #${i}` : undefined;
    const description = `${pick(WORDS)}${next() < 0.1 ? '\n' : ' '}${letters(next, 12)} ${next() < 0.1 ? 'R\u00e9sum\u00e9' : ''}`;
    return item(uri, { name, title, description, mimeType: pick(MIMES) }, next() < 0.8 ? { priority: Math.round(next() * 10) / 10 } : undefined);
  });
}

/** Queries typed a character at a time: URIs, words, typos, several terms, MIME types, line breaks, accents, a quote. */
export const PHRASES = [
  'ref://catalog/4',
  'ref://catalog/12',
  'readme',
  'fjord design',
  'runbok',
  'glacier invoice 7',
  'text/x-typescript',
  'application/json',
  'kelp 1',
  'file:///orchid',
  're-1 -7',
  'invoic',
  'r\u00e9sum\u00e9',
  '"ref'
];
