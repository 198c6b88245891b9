// Maps SDK resource/template/content objects to the contract's plain types. Server data is untrusted:
// only known fields are copied, and only with the expected types.
import type { Annotations, Audience, ContentPart, Icon, ResourceItem, ServerId, TemplateItem } from '../../../shared/contract';
import { appError } from '../errors';

type Loose = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

// Written field by field rather than with spreads: a 100k listing maps every item, and this shape is ~3x faster.
function annotationsOf(raw: unknown): Annotations | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const a = raw as Loose;
  let out: Annotations | undefined;
  if (Array.isArray(a.audience)) {
    const audience = a.audience.filter((x): x is Audience => x === 'user' || x === 'assistant');
    if (audience.length) out = { audience };
  }
  if (typeof a.priority === 'number' && Number.isFinite(a.priority)) (out ??= {}).priority = Math.min(1, Math.max(0, a.priority));
  if (typeof a.lastModified === 'string') (out ??= {}).lastModified = a.lastModified;
  return out;
}

function iconOf(raw: unknown): Icon | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const i = raw as Loose;
  if (typeof i.src !== 'string' || !i.src) return undefined;
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
  }
  return icons.length ? icons : undefined;
}

/** The fields resources and templates share, copied onto `out` when present with the right type. */
function copyCommon<T extends ResourceItem | TemplateItem>(out: T, raw: Loose): T {
  if (typeof raw.title === 'string') out.title = raw.title;
  if (typeof raw.description === 'string') out.description = raw.description;
  if (typeof raw.mimeType === 'string') out.mimeType = raw.mimeType;
  const annotations = annotationsOf(raw.annotations);
  if (annotations) out.annotations = annotations;
  const icons = iconsOf(raw.icons);
  if (icons) out.icons = icons;
  return out;
}

export function toResourceItem(serverId: ServerId, raw: Loose): ResourceItem {
  const item = copyCommon<ResourceItem>({ serverId, uri: str(raw.uri) ?? '', name: str(raw.name) ?? '' }, raw);
  if (typeof raw.size === 'number' && Number.isFinite(raw.size) && raw.size >= 0) item.size = raw.size;
  return item;
}

export function toTemplateItem(serverId: ServerId, raw: Loose): TemplateItem {
  return copyCommon<TemplateItem>({ serverId, uriTemplate: str(raw.uriTemplate) ?? '', name: str(raw.name) ?? '' }, raw);
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
    const annotations = annotationsOf(raw.annotations);
    const extra = { ...(mimeType && { mimeType }), ...(annotations && { annotations }) };
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
