// Characters a server can put in a name, title or URI that change how the text reads without showing themselves:
// bidirectional controls (U+202E makes "invoice\u202Efdp.exe" read as "invoiceexe.pdf", the Trojan Source trick,
// CVE-2021-42574), zero-width and other invisible characters (two URIs that look the same and are not), and control
// characters. The page shows each as a visible mark instead of the character, so what a user reads is what the
// server sent. Zero-width joiners and non-joiners are left alone: emoji sequences and several scripts need them.
// A resource's own text (code, prose) has only the bidirectional controls marked (`bidiOnly`); where only a string
// goes (a tooltip) the mark is written in brackets, and JSON for a terminal (the CLI) gets them as \u escapes.

export interface HiddenCharacter {
  /** The character itself. */
  char: string;
  /** Its code point as written in Unicode charts: "U+202E". */
  codePoint: string;
  /** A short mark to show in its place: "RLO", "ZWSP", or the code point when it has no usual abbreviation. */
  mark: string;
  /** Its Unicode name, where one is given here: "RIGHT-TO-LEFT OVERRIDE". */
  name?: string;
}

const NAMED: Record<number, [mark: string, name: string]> = {
  0x00ad: ['SHY', 'SOFT HYPHEN'],
  0x061c: ['ALM', 'ARABIC LETTER MARK'],
  0x115f: ['HCF', 'HANGUL CHOSEONG FILLER'],
  0x1160: ['HJF', 'HANGUL JUNGSEONG FILLER'],
  0x180e: ['MVS', 'MONGOLIAN VOWEL SEPARATOR'],
  0x200b: ['ZWSP', 'ZERO WIDTH SPACE'],
  0x200e: ['LRM', 'LEFT-TO-RIGHT MARK'],
  0x200f: ['RLM', 'RIGHT-TO-LEFT MARK'],
  0x202a: ['LRE', 'LEFT-TO-RIGHT EMBEDDING'],
  0x202b: ['RLE', 'RIGHT-TO-LEFT EMBEDDING'],
  0x202c: ['PDF', 'POP DIRECTIONAL FORMATTING'],
  0x202d: ['LRO', 'LEFT-TO-RIGHT OVERRIDE'],
  0x202e: ['RLO', 'RIGHT-TO-LEFT OVERRIDE'],
  0x2060: ['WJ', 'WORD JOINER'],
  0x2061: ['U+2061', 'FUNCTION APPLICATION'],
  0x2062: ['U+2062', 'INVISIBLE TIMES'],
  0x2063: ['U+2063', 'INVISIBLE SEPARATOR'],
  0x2064: ['U+2064', 'INVISIBLE PLUS'],
  0x2066: ['LRI', 'LEFT-TO-RIGHT ISOLATE'],
  0x2067: ['RLI', 'RIGHT-TO-LEFT ISOLATE'],
  0x2068: ['FSI', 'FIRST STRONG ISOLATE'],
  0x2069: ['PDI', 'POP DIRECTIONAL ISOLATE'],
  0x2028: ['LSEP', 'LINE SEPARATOR'],
  0x2029: ['PSEP', 'PARAGRAPH SEPARATOR'],
  0x3164: ['HF', 'HANGUL FILLER'],
  0xfeff: ['BOM', 'ZERO WIDTH NO-BREAK SPACE'],
  0xffa0: ['HWHF', 'HALFWIDTH HANGUL FILLER']
};

/** C0 controls by their usual abbreviations (U+0000–U+001F); DEL and the C1 controls show as code points. */
const C0 = 'NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB ESC FS GS RS US'.split(' ');

/** The C0 controls, U+0000–U+001F: JSON.stringify escapes them in strings and uses them raw only as its layout. */
const C0_CONTROLS = '\\u0000-\\u001f';
/** Every other character marked: DEL and the C1 controls, then the invisible and bidirectional ones named above. */
const PAST_C0 = '\\u007f-\\u009f\\u00ad\\u061c\\u115f\\u1160\\u180e\\u200b\\u200e\\u200f\\u2028-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\u3164\\ufeff\\uffa0';
const HIDDEN = new RegExp(`[${C0_CONTROLS}${PAST_C0}]`);
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'g');
const HIDDEN_PAST_C0 = new RegExp(`[${PAST_C0}]`, 'g');
/**
 * The bidirectional embeddings, overrides and isolates alone: what reorders text, the Trojan Source characters. In a
 * resource's text (code, prose) only these are marked: tabs, line ends, soft hyphens and marks are the text's own.
 */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/;
const BIDI_ALL = new RegExp(BIDI.source, 'g');

const codePointOf = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

function describe(char: string): HiddenCharacter {
  const code = char.charCodeAt(0);
  const codePoint = codePointOf(code);
  const named = NAMED[code];
  if (named) return { char, codePoint, mark: named[0], name: named[1] };
  if (code < 0x20) return { char, codePoint, mark: C0[code] };
  return { char, codePoint, mark: code === 0x7f ? 'DEL' : codePoint };
}

/** Tab, line feed and carriage return: an error message's own layout (the engine adds "\\nstderr: …" lines). */
const LAYOUT = /[\t\n\r]/;

export interface HiddenOptions {
  /** Only the bidirectional controls that reorder text (for a resource's own text, see BIDI). */
  bidiOnly?: boolean;
  /** Tabs and line ends stay in the plain text: layout where a text's lines are its own (pretty JSON, an error message). */
  keepLayout?: boolean;
}

/** `text` as runs of plain text and the hidden characters between them, in order; plain text alone when it has none. */
export function splitHidden(text: string, { bidiOnly = false, keepLayout = false }: HiddenOptions = {}): (string | HiddenCharacter)[] {
  if (!(bidiOnly ? BIDI : HIDDEN).test(text)) return [text];
  const parts: (string | HiddenCharacter)[] = [];
  let from = 0;
  for (const match of text.matchAll(bidiOnly ? BIDI_ALL : HIDDEN_ALL)) {
    if (keepLayout && LAYOUT.test(match[0])) continue;
    if (match.index > from) parts.push(text.slice(from, match.index));
    parts.push(describe(match[0]));
    from = match.index + 1;
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}

/**
 * `text` for where only a string goes (a tooltip, a value a library renders): each hidden character as its mark in
 * brackets, "[RLO]". Options as for splitHidden.
 */
export function withHiddenMarked(text: string, options?: HiddenOptions): string {
  const parts = splitHidden(text, options);
  if (parts.length === 1 && typeof parts[0] === 'string') return text;
  return parts.map(part => (typeof part === 'string' ? part : `[${part.mark}]`)).join('');
}

export const messageWithHiddenMarked = (message: string): string => withHiddenMarked(message, { keepLayout: true });

/**
 * JSON text with each hidden character written as its \\u escape: the same JSON values, shown on a terminal as what
 * they are instead of acting on it (JSON.stringify escapes only U+0000–U+001F; a C1 control or a bidirectional one
 * would otherwise reach the terminal raw). JSON holds such characters only inside strings, where an escape is valid.
 */
export function escapeHiddenInJson(json: string): string {
  return json.replace(HIDDEN_PAST_C0, char => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
