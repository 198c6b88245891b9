// Maps SDK resource/template/content objects to the contract's plain types. Server data is untrusted:
// only known fields are copied, and only with the expected types.
import type { Annotations, Audience, ContentPart, Icon, ResourceItem, ServerId, TemplateItem } from '../../../shared/contract';
import { appError } from '../errors';

type Loose = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function annotationsOf(raw: unknown): Annotations | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const a = raw as Loose;
  const audience = Array.isArray(a.audience) ? a.audience.filter((x): x is Audience => x === 'user' || x === 'assistant') : undefined;
  const priority = typeof a.priority === 'number' && Number.isFinite(a.priority) ? Math.min(1, Math.max(0, a.priority)) : undefined;
  const lastModified = str(a.lastModified);
  if (!audience?.length && priority === undefined && lastModified === undefined) return undefined;
  return { ...(audience?.length && { audience }), ...(priority !== undefined && { priority }), ...(lastModified !== undefined && { lastModified }) };
}

function iconsOf(raw: unknown): Icon[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const icons = raw.flatMap((i: Loose): Icon[] => {
    const src = str(i?.src);
    if (!src) return [];
    const theme = i.theme === 'light' || i.theme === 'dark' ? i.theme : undefined;
    const sizes = Array.isArray(i.sizes) ? i.sizes.filter((s): s is string => typeof s === 'string') : undefined;
    return [{ src, ...(str(i.mimeType) && { mimeType: str(i.mimeType) }), ...(sizes && { sizes }), ...(theme && { theme }) }];
  });
  return icons.length ? icons : undefined;
}

function common(raw: Loose) {
  const annotations = annotationsOf(raw.annotations);
  const icons = iconsOf(raw.icons);
  return {
    name: str(raw.name) ?? '',
    ...(str(raw.title) !== undefined && { title: str(raw.title) }),
    ...(str(raw.description) !== undefined && { description: str(raw.description) }),
    ...(str(raw.mimeType) !== undefined && { mimeType: str(raw.mimeType) }),
    ...(annotations && { annotations }),
    ...(icons && { icons })
  };
}

export function toResourceItem(serverId: ServerId, raw: Loose): ResourceItem {
  const size = typeof raw.size === 'number' && Number.isFinite(raw.size) && raw.size >= 0 ? raw.size : undefined;
  return { serverId, uri: str(raw.uri) ?? '', ...common(raw), ...(size !== undefined && { size }) };
}

export function toTemplateItem(serverId: ServerId, raw: Loose): TemplateItem {
  return { serverId, uriTemplate: str(raw.uriTemplate) ?? '', ...common(raw) };
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
