// An item's search line: its lower-cased name, title, URI, description and MIME type, joined. It is the one copy
// of an item's text the page keeps (resource-table.ts): the search reads it whole, and the exact/prefix fields
// and the name sort read its fields as slices of it.
//
// The line is built from the lower-cased fields (not lower-cased as a whole, where a context-dependent case
// mapping could differ at a field's edge), so each field's text is exactly a part of it: an item whose name or
// URI starts with a term contains that term, which lets the search match it without reading it.

/**
 * Separates fields in the search line: not a letter or digit, so no search term spans two fields, and
 * whitespace, which no term contains. Latin-1 (no-break spaces), so the line of a Latin-1 item is a one-byte
 * string: half the memory the search reads on every keystroke, and V8's faster one-byte indexOf.
 */
const FIELD_SEPARATOR = '\u00a0\u00a0';
const NO_BREAK_SPACE = 0xa0;

/** The text fields of a line, in order (the MIME type, last, is not read back). */
export const FIELD_NAME = 0;
export const FIELD_TITLE = 1;
export const FIELD_URI = 2;
export const FIELD_DESCRIPTION = 3;
/** The URI's last path segment, read from the URI: "readme" is a prefix match of ".../docs/readme.md". */
export const FIELD_URI_LEAF = 4;
export type LineField = typeof FIELD_NAME | typeof FIELD_TITLE | typeof FIELD_URI | typeof FIELD_DESCRIPTION | typeof FIELD_URI_LEAF;

/** The lower-cased text fields of one item: name, title, URI, description. */
export type LowerFields = readonly [string, string, string, string];

export function searchLine(fields: LowerFields, mimeTypeLower: string): string {
  // join() makes one flat string; concatenation would make a rope, read several times slower by the search.
  return [fields[0], fields[1], fields[2], fields[3], mimeTypeLower].join(FIELD_SEPARATOR);
}

/**
 * Whether each field of a line can be found again by its separators: no field holds two no-break spaces in a
 * row or ends with one (the separator after it would then be found a character early).
 */
export function fieldsReadable(fields: LowerFields): boolean {
  for (const field of fields) {
    if (field.length > 0 && field.charCodeAt(field.length - 1) === NO_BREAK_SPACE) return false;
    if (field.includes(FIELD_SEPARATOR)) return false;
  }
  return true;
}

const TRAILING_URI_CHARS = ['/', '?', '#'].map(c => c.charCodeAt(0));

/** The last segment of a URI: after its last "/" or ":", trailing "/", "?" and "#" left out. */
export function uriLeaf(uriLower: string): string {
  let end = uriLower.length;
  while (end > 0 && TRAILING_URI_CHARS.includes(uriLower.charCodeAt(end - 1))) end--;
  // No regex or trimmed copy: the search's first rows read this for items walked one by one.
  const cut = end === 0 ? -1 : Math.max(uriLower.lastIndexOf('/', end - 1), uriLower.lastIndexOf(':', end - 1));
  return uriLower.slice(cut + 1, end);
}

/** Field `field` of a line whose fields are readable (`fieldsReadable`). */
export function lineField(line: string, field: LineField): string {
  if (field === FIELD_URI_LEAF) return uriLeaf(lineField(line, FIELD_URI));
  let start = 0;
  for (let k = 0; k < field; k++) start = line.indexOf(FIELD_SEPARATOR, start) + FIELD_SEPARATOR.length;
  return line.slice(start, line.indexOf(FIELD_SEPARATOR, start));
}

/** Whether field `field` (not the URI leaf) of a line whose fields are readable is `text`, without slicing it out. */
export function lineFieldIs(line: string, field: typeof FIELD_NAME | typeof FIELD_TITLE | typeof FIELD_URI | typeof FIELD_DESCRIPTION, text: string): boolean {
  let start = 0;
  for (let k = 0; k < field; k++) start = line.indexOf(FIELD_SEPARATOR, start) + FIELD_SEPARATOR.length;
  return line.startsWith(text, start) && line.startsWith(FIELD_SEPARATOR, start + text.length);
}

/**
 * `text` as a flat string, for a sort's keys. V8 keeps a slice of 13 or more characters as a view into its
 * parent (here the search line), and compares such views several times slower than flat strings: sorting a
 * million names took 1.8 s as slices, 0.9 s made flat. A concatenation is made flat on its first comparison.
 */
export function sortKey(text: string): string {
  return text.length < 13 ? text : text.charAt(0) + text.slice(1);
}

/** Field `field` of the lower-cased fields (`FIELD_URI_LEAF` from the URI). */
export function fieldOf(fields: LowerFields, field: LineField): string {
  return field === FIELD_URI_LEAF ? uriLeaf(fields[FIELD_URI]) : fields[field];
}
