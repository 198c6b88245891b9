// Server-sent payloads kept for inspection (notification params) are untrusted and unbounded:
// keep small ones as they are and replace big ones with a marker saying how big they were.
const MAX_KEPT_BYTES = 8 * 1024;

export function boundedJson(value: unknown, maxBytes = MAX_KEPT_BYTES): unknown {
  let text: string;
  try {
    text = JSON.stringify(value) ?? '';
  } catch {
    return { unserializable: true };
  }
  return text.length <= maxBytes ? value : { truncated: true, size: text.length, preview: text.slice(0, 200) };
}
