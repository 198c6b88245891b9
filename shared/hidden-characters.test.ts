// Hidden characters in what a server sends: found, named, and split out of the text around them.
import { describe, expect, it } from 'vitest';
import { escapeHiddenInJson, messageWithHiddenMarked, splitHidden, withHiddenMarked } from './hidden-characters';

describe('splitHidden', () => {
  it('leaves text without hidden characters whole, including scripts and emoji that need zero-width joiners', () => {
    for (const text of ['report.pdf', 'ref://catalog/38', 'تقرير', 'רשימה', 'नमस्ते', 'می\u200cخواهم', '\u{1F468}\u200d\u{1F469}\u200d\u{1F467} family', '']) {
      expect(splitHidden(text)).toEqual([text]);
    }
  });

  it('takes out a right-to-left override, so invoice[RLO]fdp.exe no longer reads as a PDF', () => {
    expect(splitHidden('invoice\u202efdp.exe')).toEqual([
      'invoice',
      { char: '\u202e', codePoint: 'U+202E', mark: 'RLO', name: 'RIGHT-TO-LEFT OVERRIDE' },
      'fdp.exe'
    ]);
  });

  it('names every kind it marks: bidirectional controls, invisible characters, control characters', () => {
    const marks = (text: string) => splitHidden(text).flatMap(part => (typeof part === 'string' ? [] : [part.mark]));
    expect(marks('\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069\u200e\u200f\u061c')).toEqual(['LRE', 'RLE', 'PDF', 'LRO', 'LRI', 'RLI', 'FSI', 'PDI', 'LRM', 'RLM', 'ALM']);
    expect(marks('a\u200bb\u2060c\ufeffd\u00ade\u3164f\u2028g\u2029')).toEqual(['ZWSP', 'WJ', 'BOM', 'SHY', 'HF', 'LSEP', 'PSEP']);
    expect(marks('\u0000\u0007\u001b[31m\u007f\u009b')).toEqual(['NUL', 'BEL', 'ESC', 'DEL', 'U+009B']);
  });

  it('keeps the text between, before and after the marks, in order, with adjacent marks apart', () => {
    const parts = splitHidden('\u200bref://\u200b\u200bcatalog\u200b');
    expect(parts.map(part => (typeof part === 'string' ? part : part.codePoint))).toEqual(['U+200B', 'ref://', 'U+200B', 'U+200B', 'catalog', 'U+200B']);
    expect(parts.map(part => (typeof part === 'string' ? part : part.char)).join('')).toBe('\u200bref://\u200b\u200bcatalog\u200b');
  });

  it('marks only the controls that reorder text when asked for bidiOnly (a resource\'s own text keeps its tabs and marks)', () => {
    const code = 'if (role !== "user\u202e \u2066// admin\u2069 \u2066") {\n\treturn\u00ad;\u200f\n}';
    const marks = splitHidden(code, { bidiOnly: true }).flatMap(part => (typeof part === 'string' ? [] : [part.mark]));
    expect(marks).toEqual(['RLO', 'LRI', 'PDI', 'LRI']);
    expect(splitHidden('line one\n\tline two\u00ad\u200f', { bidiOnly: true })).toEqual(['line one\n\tline two\u00ad\u200f']);
  });
  it('leaves tabs and line ends in the plain text with keepLayout, and still takes out every other hidden character', () => {
    expect(splitHidden('{\n\t"a": 1\n}', { keepLayout: true })).toEqual(['{\n\t"a": 1\n}']);
    const parts = splitHidden('a\nb\u202ec\r\n', { keepLayout: true });
    expect(parts.map(part => (typeof part === 'string' ? part : part.mark))).toEqual(['a\nb', 'RLO', 'c\r\n']);
    // Without it, a line end is marked as any control character is.
    expect(splitHidden('a\nb').map(part => (typeof part === 'string' ? part : part.mark))).toEqual(['a', 'LF', 'b']);
  });
});

describe('messageWithHiddenMarked', () => {
  it("keeps a message's lines and tabs, and marks every other hidden character", () => {
    const message = 'Crash loop: exited 5 times\nstderr: boom\r\n\tat main (x.js)';
    expect(messageWithHiddenMarked(message)).toBe(message);
    expect(withHiddenMarked(message)).toContain('[LF]');
    expect(messageWithHiddenMarked('spawn evil\u202eexe.txt ENOENT\nstderr: \u001b[31mred\u001b[0m')).toBe('spawn evil[RLO]exe.txt ENOENT\nstderr: [ESC][31mred[ESC][0m');
  });
});

describe('withHiddenMarked', () => {
  it('writes each hidden character as its bracketed mark, for a tooltip; text without any is the same string', () => {
    expect(withHiddenMarked('fleet://x/invoice\u202efdp.exe')).toBe('fleet://x/invoice[RLO]fdp.exe');
    expect(withHiddenMarked('a\u200bb\u0007')).toBe('a[ZWSP]b[BEL]');
    const plain = 'ref://catalog/38';
    expect(withHiddenMarked(plain)).toBe(plain);
  });
});

describe('escapeHiddenInJson', () => {
  it('writes hidden characters in JSON as escapes: the same values, nothing raw left for a terminal', () => {
    const value = { name: 'invoice\u202efdp.exe', note: 'csi \u009b31m, zwsp \u200b, tab \t', ok: 'plain' };
    const json = escapeHiddenInJson(JSON.stringify(value, null, 2));
    expect(json).toContain('invoice\\u202efdp.exe');
    expect(json).toContain('csi \\u009b31m, zwsp \\u200b, tab \\t');
    expect(json).not.toMatch(/[\u0080-\u009f\u200b\u202e]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

