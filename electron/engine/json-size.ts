// The approximate JSON size of a parsed value, for a budget (the protocol log's) that must not pay for
// serialising what it counts.
/** How deep a walk over a parsed JSON value goes; deeper parts are not measured (or logged). */
export const JSON_WALK_MAX_DEPTH = 64;

/** Keys to look out for during the walk: `found` is set when one of them holds a string (a secret to redact). */
export interface KeyWatch {
  readonly keys: ReadonlySet<string>;
  found: boolean;
}

/**
 * Approximate length of `value` as JSON, by walking it: no string is built, so it costs far less than
 * JSON.stringify. Escapes are not counted, so it undercounts strings full of quotes or control characters.
 * With `watch`, the same walk also notes whether any of its keys holds a string.
 */
export function estimateJsonSize(value: unknown, watch?: KeyWatch, depth = 0): number {
  switch (typeof value) {
    case 'string':
      return value.length + 2;
    case 'number':
      return 8;
    case 'boolean':
      return value ? 4 : 5;
    case 'object': {
      if (value === null) return 4;
      if (depth >= JSON_WALK_MAX_DEPTH) return 0;
      let size = 2;
      if (Array.isArray(value)) {
        for (const item of value) size += estimateJsonSize(item, watch, depth + 1) + 1;
        return size;
      }
      for (const key in value) {
        const item = (value as Record<string, unknown>)[key];
        if (item === undefined) continue;
        if (watch && typeof item === 'string' && watch.keys.has(key)) watch.found = true;
        size += key.length + 4 + estimateJsonSize(item, watch, depth + 1);
      }
      return size;
    }
    default:
      return 0;
  }
}
