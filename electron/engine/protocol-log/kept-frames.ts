// How the log holds a frame once it is recorded, and what that costs, for its byte budget. A frame arrives as
// the object the SDK parsed; an object graph weighs one and a half to two times its JSON (heap snapshot after a
// 1M listing: 94 MB held for 64 MB of estimated JSON; 2.2 times for pages of shorter fields in the unit test). A large frame (a list page) is therefore kept as its JSON
// text in parts of 100 items (json-parts.ts: no string of a whole page, which would land in V8's large-object
// space) once the log has been quiet for a moment (protocol-log.ts), and parsed again only when the log is read.
// Until then the budget counts it as parsed.
import type { LogEntry } from '../../../shared/contract';
import { entryText, entryTextWithFrame } from '../../../shared/protocol-log/match';
import { jsonParts } from '../json-parts';

/** Frames estimated at least this large are kept as text; smaller ones (requests, notifications) as they came. */
const KEEP_AS_TEXT_FROM_BYTES = 16 * 1024;

/** Heap bytes per byte of JSON of a parsed frame (measured 1.47 to 2.2, see above). */
const PARSED_BYTES_PER_JSON_BYTE = 2;
/** The entry object itself (a dozen fields) and its slot. */
const ENTRY_OVERHEAD_BYTES = 200;
/** Each part's string header, and the sliced string a part may be of a larger one. */
const PART_OVERHEAD_BYTES = 48;

/** A recorded entry: `message` as it came, or `text` (its JSON in parts) with `message` let go. */
export interface KeptEntry extends LogEntry {
  text?: readonly string[];
}

/** Bytes an entry holds while its frame is the parsed object (`size` is its estimated JSON). */
export function parsedBytes(size: number): number {
  return Math.ceil(size * PARSED_BYTES_PER_JSON_BYTE) + ENTRY_OVERHEAD_BYTES;
}

/** Whether `entry` is worth keeping as text. */
export function keepsAsText(entry: KeptEntry): boolean {
  return entry.text === undefined && entry.size >= KEEP_AS_TEXT_FROM_BYTES;
}

/** The frame's text in parts and the bytes the entry will hold with them (UTF-8 bytes: never less than V8's). */
export function frameText(entry: KeptEntry): { text: string[]; bytes: number } {
  const text = jsonParts(entry.message);
  let bytes = ENTRY_OVERHEAD_BYTES;
  for (const part of text) bytes += Buffer.byteLength(part, 'utf8') + PART_OVERHEAD_BYTES;
  return { text, bytes };
}

/** Lets the parsed frame go: from now on the entry holds its text. */
export function holdAsText(entry: KeptEntry, text: readonly string[]): void {
  entry.text = text;
  entry.message = undefined;
}

/** The entry as the log's readers get it: a plain LogEntry with its frame parsed again where it was kept as text. */
export function readEntry(entry: KeptEntry): LogEntry {
  if (entry.text === undefined) return entry;
  const { text, ...fields } = entry;
  return { ...fields, message: JSON.parse(text.join('')) as unknown };
}

/** A plain copy of an entry about to let its frame go, for whoever still holds the `logAppended` batch. */
export function detached(entry: KeptEntry): LogEntry {
  return { ...entry };
}

/** What full-text search reads (shared/protocol-log/match.ts), from the kept text where there is one. */
export function keptEntryText(entry: KeptEntry): string {
  return entry.text === undefined ? entryText(entry) : entryTextWithFrame(entry, entry.text.join(''));
}
