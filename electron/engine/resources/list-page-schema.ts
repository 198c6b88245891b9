// The result schema the list walk hands the SDK for one page. The SDK still decodes the result for the
// negotiated era (resultType, input_required); this replaces only its full per-item validation, which cost
// about a sixth of a 100k listing's engine time. The page must be an object with an array of items, each an
// object with a string `name` and its string key (`uri` or `uriTemplate`), and a string `nextCursor` if
// any. Every other field is checked, typed and copied by items.ts, which keeps nothing else, so nothing
// unvalidated reaches the app.
import type { StandardSchemaV1 } from '@modelcontextprotocol/client';

type Loose = Record<string, unknown>;

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

function pageIssue(value: unknown, itemsKey: string, idKey: string): string | undefined {
  if (!isObject(value)) return 'not an object';
  if (value.nextCursor !== undefined && typeof value.nextCursor !== 'string') return 'nextCursor is not a string';
  const items = value[itemsKey];
  if (!Array.isArray(items)) return `${itemsKey} is not an array`;
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    if (!isObject(item) || typeof item[idKey] !== 'string' || typeof item.name !== 'string') return `${itemsKey}[${i}] lacks a string ${idKey} and name`;
  }
  return undefined;
}

export function listPageSchema(itemsKey: 'resources' | 'resourceTemplates'): StandardSchemaV1<unknown, Loose> {
  const idKey = itemsKey === 'resources' ? 'uri' : 'uriTemplate';
  return {
    '~standard': {
      version: 1,
      vendor: 'mcp-resource-browser',
      validate: value => {
        const issue = pageIssue(value, itemsKey, idKey);
        return issue === undefined ? { value: value as Loose } : { issues: [{ message: issue }] };
      }
    }
  };
}
