// Column-oriented views of the picker's items, built once per item set, so that search, filters and
// sorts run over flat arrays instead of re-reading nested annotation objects on every keystroke.
import type { ResourceItem } from '../contract';

export const AUDIENCE_USER = 1;
export const AUDIENCE_ASSISTANT = 2;

/** Separates fields in the search haystack; not a letter or digit, so no fuzzy term spans two fields. */
export const FIELD_SEPARATOR = '\u2002\u2002';

export interface PickerColumns {
  readonly items: readonly ResourceItem[];
  /** One search line per item: name, title, URI, description, MIME type. */
  readonly haystack: string[];
  /** Lower-cased name/title/URI for exact and prefix ranking. */
  readonly nameLower: string[];
  readonly titleLower: string[];
  readonly uriLower: string[];
  /** Lower-cased last URI path segment, so "readme" is a prefix match of ".../docs/readme.md". */
  readonly uriLeafLower: string[];
  /** Bit mask of AUDIENCE_*; 0 when the item has no (valid) audience. */
  readonly audience: Uint8Array;
  /** NaN when missing or outside 0..1. */
  readonly priority: Float64Array;
  /** lastModified in ms epoch; NaN when missing or unparseable. */
  readonly modified: Float64Array;
}

/** What the item is called in the UI: its title when it has one, else its name. */
export function displayName(item: ResourceItem): string {
  return item.title || item.name || item.uri;
}

export function searchLine(item: ResourceItem): string {
  return [item.name, item.title ?? '', item.uri, item.description ?? '', item.mimeType ?? ''].join(FIELD_SEPARATOR);
}

function audienceMask(item: ResourceItem): number {
  const audience = item.annotations?.audience;
  if (!Array.isArray(audience)) return 0;
  let mask = 0;
  for (const a of audience) {
    if (a === 'user') mask |= AUDIENCE_USER;
    else if (a === 'assistant') mask |= AUDIENCE_ASSISTANT;
  }
  return mask;
}

function validPriority(item: ResourceItem): number {
  const p = item.annotations?.priority;
  return typeof p === 'number' && p >= 0 && p <= 1 ? p : Number.NaN;
}

function modifiedMs(item: ResourceItem): number {
  const m = item.annotations?.lastModified;
  return typeof m === 'string' ? Date.parse(m) : Number.NaN;
}

function uriLeaf(uriLower: string): string {
  const trimmed = uriLower.replace(/[/?#]+$/, '');
  const cut = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf(':'));
  return trimmed.slice(cut + 1);
}

export function buildColumns(items: readonly ResourceItem[]): PickerColumns {
  const n = items.length;
  const haystack = new Array<string>(n);
  const nameLower = new Array<string>(n);
  const titleLower = new Array<string>(n);
  const uriLower = new Array<string>(n);
  const uriLeafLower = new Array<string>(n);
  const audience = new Uint8Array(n);
  const priority = new Float64Array(n);
  const modified = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const item = items[i];
    haystack[i] = searchLine(item);
    nameLower[i] = item.name.toLowerCase();
    titleLower[i] = (item.title ?? '').toLowerCase();
    uriLower[i] = item.uri.toLowerCase();
    uriLeafLower[i] = uriLeaf(uriLower[i]);
    audience[i] = audienceMask(item);
    priority[i] = validPriority(item);
    modified[i] = modifiedMs(item);
  }
  return { items, haystack, nameLower, titleLower, uriLower, uriLeafLower, audience, priority, modified };
}
