// Maps SDK resource/template/content objects to the contract's plain types. Server data is untrusted:
// only known fields are copied, and only with the expected types. Annotations with values the spec does not
// allow are not corrected (a priority of 7 is not "1"): they are left out and listed as invalid.
import { isAudience, lastModifiedMs, validPriority } from '../../../shared/annotations';
import type { Annotations, ContentPart, Icon, InvalidAnnotation, ResourceItem, ServerId, TemplateItem } from '../../../shared/contract';
import { appError } from '../errors';
import { carriedAnnotations } from './annotation-carrier';

type Loose = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Longest `InvalidAnnotation.raw` (the value as sent); a longer one is cut, with `…`. */
const MAX_INVALID_RAW = 64;

/**
 * What an item's text fields may hold, so a server cannot make each listed item as big as it likes (its list as a
 * whole is bounded too: `maxText`, walk-pages.ts). Far past any real name, title, description or MIME type; a
 * longer one is cut, with `…` (the URI, which names the resource, is never cut). An icon's source past its limit (a
 * data: URL of a large image) is left out, as are the icons past the first few.
 */
const MAX_NAME = 1_000;
const MAX_DESCRIPTION = 4_000;
const MAX_MIME_TYPE = 255;
const MAX_ICONS = 8;
const MAX_ICON_SRC = 32 * 1024;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The contract's form of an invalid value: a string as sent, anything else as JSON, cut short. */
function invalid(field: InvalidAnnotation['field'], value: unknown): InvalidAnnotation {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return { field, raw: text.length > MAX_INVALID_RAW ? `${text.slice(0, MAX_INVALID_RAW - 1)}…` : text };
}

/** What a resource, template or content item carries about its annotations. */
interface Annotated {
  annotations?: Annotations;
  invalidAnnotations?: InvalidAnnotation[];
}

/**
 * Copies the valid annotations onto `out` and lists the invalid ones, by the one definition in
 * shared/annotations.ts: a priority that is not a number from 0 to 1 and a lastModified that is not strict
 * ISO 8601 are left out; an audience keeps its `user`/`assistant` entries and is listed when it has others (or
 * is not a list). Written field by field rather than with spreads: a 100k listing maps every item, and this
 * shape is ~3x faster.
 */
function copyAnnotations(out: Annotated, raw: unknown): void {
  if (typeof raw !== 'object' || raw === null) return;
  const a = raw as Loose;
  let valid: Annotations | undefined;
  let bad: InvalidAnnotation[] | undefined;
  if (a.audience !== undefined) {
    const list: unknown[] = Array.isArray(a.audience) ? a.audience : [];
    const audience = list.filter(isAudience);
    if (audience.length) valid = { audience };
    if (audience.length !== list.length || !Array.isArray(a.audience)) (bad ??= []).push(invalid('audience', a.audience));
  }
  if (a.priority !== undefined) {
    const priority = validPriority(a.priority);
    if (priority !== undefined) (valid ??= {}).priority = priority;
    else (bad ??= []).push(invalid('priority', a.priority));
  }
  if (a.lastModified !== undefined) {
    if (Number.isNaN(lastModifiedMs(a.lastModified))) (bad ??= []).push(invalid('lastModified', a.lastModified));
    else (valid ??= {}).lastModified = a.lastModified as string;
  }
  if (valid) out.annotations = valid;
  if (bad) out.invalidAnnotations = bad;
}

function iconOf(raw: unknown): Icon | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const i = raw as Loose;
  if (typeof i.src !== 'string' || !i.src || i.src.length > MAX_ICON_SRC) return undefined;
  const icon: Icon = { src: i.src };
  if (typeof i.mimeType === 'string' && i.mimeType) icon.mimeType = i.mimeType;
  if (Array.isArray(i.sizes)) icon.sizes = i.sizes.filter((s): s is string => typeof s === 'string');
  if (i.theme === 'light' || i.theme === 'dark') icon.theme = i.theme;
  return icon;
}

function iconsOf(raw: unknown): Icon[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const icons: Icon[] = [];
  for (const entry of raw) {
    const icon = iconOf(entry);
    if (icon) icons.push(icon);
    if (icons.length === MAX_ICONS) break;
  }
  return icons.length ? icons : undefined;
}

/** The fields resources and templates share, copied onto `out` when present with the right type. */
function copyCommon<T extends ResourceItem | TemplateItem>(out: T, raw: Loose): T {
  if (typeof raw.title === 'string') out.title = cut(raw.title, MAX_NAME);
  if (typeof raw.description === 'string') out.description = cut(raw.description, MAX_DESCRIPTION);
  if (typeof raw.mimeType === 'string') out.mimeType = cut(raw.mimeType, MAX_MIME_TYPE);
  copyAnnotations(out, carriedAnnotations(raw) ?? raw.annotations);
  const icons = iconsOf(raw.icons);
  if (icons) out.icons = icons;
  return out;
}

export function toResourceItem(serverId: ServerId, raw: Loose): ResourceItem {
  const item = copyCommon<ResourceItem>({ serverId, uri: str(raw.uri) ?? '', name: cut(str(raw.name) ?? '', MAX_NAME) }, raw);
  if (typeof raw.size === 'number' && Number.isFinite(raw.size) && raw.size >= 0) item.size = raw.size;
  return item;
}

export function toTemplateItem(serverId: ServerId, raw: Loose): TemplateItem {
  return copyCommon<TemplateItem>({ serverId, uriTemplate: str(raw.uriTemplate) ?? '', name: cut(str(raw.name) ?? '', MAX_NAME) }, raw);
}

/** An item's characters of text (URI, name, title, description, MIME type, icon sources): what a list's `maxText` counts. */
export function itemText(item: ResourceItem | TemplateItem): number {
  let text = ('uri' in item ? item.uri : item.uriTemplate).length + item.name.length + (item.title?.length ?? 0) + (item.description?.length ?? 0) + (item.mimeType?.length ?? 0);
  for (const icon of item.icons ?? []) text += icon.src.length;
  return text;
}

/** Decoded size of a base64 string, without decoding it. */
function base64Bytes(b64: string): number {
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((b64.length * 3) / 4) - padding);
}

/** Converts read contents; one part over `maxBytes` refuses the read with `too_large`. */
export function toContentParts(requestedUri: string, contents: Loose[], maxBytes: number): ContentPart[] {
  return contents.map(raw => {
    const uri = str(raw.uri) ?? requestedUri;
    const mimeType = str(raw.mimeType);
    const extra: { mimeType?: string } & Annotated = {};
    if (mimeType) extra.mimeType = mimeType;
    copyAnnotations(extra, carriedAnnotations(raw) ?? raw.annotations);
    const text = str(raw.text);
    const blob = str(raw.blob);
    const size = text !== undefined ? Buffer.byteLength(text, 'utf8') : base64Bytes(blob ?? '');
    if (size > maxBytes) {
      throw appError('too_large', `${uri} is ${size} bytes, over the ${maxBytes}-byte limit for one content item`, { data: { uri, size, limit: maxBytes } });
    }
    if (text !== undefined) return { uri, kind: 'text', text, ...extra };
    return { uri, kind: 'blob', blob: blob ?? '', size, ...extra };
  });
}
