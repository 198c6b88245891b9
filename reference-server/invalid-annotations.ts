// Resources whose annotations break the schema on purpose, so clients can be tested against them (served with
// --invalid-annotations only). The SDK server sends them as they are, but the SDK client (2.4) refuses a whole
// resources/list page when one item's annotations fail its schema, so with these listed no SDK client, this
// app's included, can list the server: that is why they are not served by default.
import type { Annotations } from '@modelcontextprotocol/server';
import { CACHE, textResult, type ResourceEntry } from './entry';

export const INVALID_ANNOTATION_URIS = {
  priorityOutOfRange: 'ref://annotations/priority-out-of-range',
  priorityWrongType: 'ref://annotations/priority-wrong-type',
  badDate: 'ref://annotations/bad-date'
} as const;

function entry(uri: string, name: string, annotations: unknown, what: string): ResourceEntry {
  return {
    // The whole point is a value outside the Annotations type.
    meta: { uri, name, title: `Invalid annotations: ${what}`, mimeType: 'text/plain', description: `Its annotations are invalid on purpose: ${what}`, annotations: annotations as Annotations },
    cache: CACHE.publicLong,
    read: u => textResult(u, 'text/plain', `This resource is listed with invalid annotations (${what}), to test how clients cope.\n`)
  };
}

export function invalidAnnotationEntries(): ResourceEntry[] {
  return [
    entry(INVALID_ANNOTATION_URIS.priorityOutOfRange, 'priority-out-of-range', { audience: ['user'], priority: 7 }, 'priority 7, outside 0 to 1'),
    entry(INVALID_ANNOTATION_URIS.priorityWrongType, 'priority-wrong-type', { audience: ['user'], priority: 'high' }, 'priority "high", a string'),
    entry(INVALID_ANNOTATION_URIS.badDate, 'bad-date', { audience: ['assistant'], lastModified: 'yesterday' }, 'lastModified "yesterday", not ISO 8601')
  ];
}
