// A list page's JSON text (or a whole JSON-RPC frame's) in parts whose concatenation is exactly JSON.stringify
// of it, each part a bounded number of items. One string of a whole page (160 kB for 500 resources of the reference server) is
// too large for V8's young generation: it is allocated in the large-object space, fresh memory from the OS
// on every page, and measuring its UTF-8 length flattens it there a second time. A 100k listing stored its
// pages that way for about a third of the engine's time over the raw SDK loop; in parts of 100 items every
// string stays small and the same text costs about a quarter as much (measured here, 2 cores under load).
// The store joins the parts only when something reads the entry (cache.ts's hit, the warm-start file); the
// protocol log keeps large frames so (protocol-log/kept-frames.ts), joined only when the log is read.
import { randomUUID } from 'node:crypto';

/** Items per part: ~33 kB of the reference server's resources, well under the young generation's object limit. */
const ITEMS_PER_PART = 100;

type Loose = Record<string, unknown>;

/** How many levels of plain objects are looked into for long arrays: a JSON-RPC frame's `result.resources` is two. */
const MAX_NESTING = 3;

/** Stands in for an array or object while the rest of the value is serialised; no server can guess it. */
const PLACEHOLDER_PREFIX = `\u0000json-parts:${randomUUID()}:`;

const isPlainObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);

function arrayParts(items: readonly unknown[], perPart: number): string[] {
  const parts = ['['];
  for (let from = 0; from < items.length; from += perPart) {
    const chunk = JSON.stringify(items.slice(from, from + perPart));
    // The chunk's own brackets go; parts after the first are joined to the previous by a comma.
    if (from > 0) parts.push(',');
    parts.push(chunk.slice(1, -1));
  }
  parts.push(']');
  return parts;
}

/** Whether `record` has an array longer than `perPart`, itself or in plain objects up to `levels` deeper. */
function holdsLongArray(record: Loose, perPart: number, levels: number): boolean {
  for (const key of Object.keys(record)) {
    const field = record[key];
    if (Array.isArray(field) ? field.length > perPart : levels > 0 && isPlainObject(field) && holdsLongArray(field, perPart, levels - 1)) return true;
  }
  return false;
}

/**
 * `JSON.stringify(value)` as parts (their concatenation is that text exactly, for JSON data: values parsed
 * from JSON, no `toJSON`). Each array of more than `perPart` items, at the top level or in plain objects up to
 * three levels down, is written `perPart` items at a time; anything else is one part.
 */
export function jsonParts(value: unknown, perPart = ITEMS_PER_PART, levels = MAX_NESTING): string[] {
  if (!isPlainObject(value)) return [JSON.stringify(value)];
  const inner: string[][] = [];
  // Without a prototype, a `__proto__` key is a field like any other (JSON.parse makes it one).
  const shell = Object.create(null) as Loose;
  for (const key of Object.keys(value)) {
    const field = value[key];
    if (Array.isArray(field) && field.length > perPart) inner.push(arrayParts(field, perPart));
    else if (levels > 0 && isPlainObject(field) && holdsLongArray(field, perPart, levels - 1)) inner.push(jsonParts(field, perPart, levels - 1));
    else {
      shell[key] = field;
      continue;
    }
    shell[key] = `${PLACEHOLDER_PREFIX}${inner.length - 1}`;
  }
  if (inner.length === 0) return [JSON.stringify(value)];
  const text = JSON.stringify(shell);
  const parts: string[] = [];
  let at = 0;
  inner.forEach((fieldParts, k) => {
    // The placeholder as JSON.stringify wrote it (its NUL escaped), found after the previous one: keys keep their order.
    const placeholder = JSON.stringify(`${PLACEHOLDER_PREFIX}${k}`);
    const found = text.indexOf(placeholder, at);
    parts.push(text.slice(at, found), ...fieldParts);
    at = found + placeholder.length;
  });
  parts.push(text.slice(at));
  return parts;
}
