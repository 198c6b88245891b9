// Which of a resource's icons the picker shows, and how (MCP 2026-07-28, icons): only `data:` and
// `https:` URIs are ever used. A `data:` icon is shown as it is once its bytes pass the image-type
// allowlist; an `https:` icon is fetched by the engine (the page's CSP loads no network images), which
// applies the same-origin, size, time and type rules. Every other scheme is refused.
import { ICON_MIME, SNIFF_BYTES, bareMimeType, checkIconBytes, declaredIconType } from './icon-image-type';

/** Largest icon the app shows, in bytes (the engine enforces it on fetched icons too). */
export const MAX_ICON_BYTES = 256 * 1024;

/** Base64 of MAX_ICON_BYTES plus room for a media type: a longer data: URI is refused without decoding. */
const MAX_DATA_URI_LENGTH = Math.ceil(MAX_ICON_BYTES / 3) * 4 + 200;

/** How every refused icon's tooltip starts, whether the page refused it (data:, scheme) or the engine (https:). */
export const ICON_REFUSED_PREFIX = 'Icon refused: ';

export type IconSource =
  /** Show `src` directly: a data: URI whose bytes are an allowlisted image type. */
  | { kind: 'data'; src: string }
  /** Ask the engine for it (`icons.get`). */
  | { kind: 'remote'; src: string }
  /** Nothing to show; `refusal` says why when the item had icons that were all refused. */
  | { kind: 'none'; refusal?: string };

interface IconLike {
  src: string;
  mimeType?: string;
}

/** The whole payload (bounded by MAX_DATA_URI_LENGTH): raster checks read headers anywhere in the file. */
function decodeBase64(payload: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) return undefined;
  try {
    const binary = atob(payload);
    return Uint8Array.from(binary, c => c.charCodeAt(0));
  } catch {
    // A length no base64 text can have.
    return undefined;
  }
}

function decodePercentHead(payload: string): Uint8Array | undefined {
  try {
    return new TextEncoder().encode(decodeURIComponent(payload.slice(0, SNIFF_BYTES * 3)).slice(0, SNIFF_BYTES));
  } catch {
    // A percent escape cut at the end of the slice, or a malformed one: try the whole (bounded) payload.
    try {
      return new TextEncoder().encode(decodeURIComponent(payload).slice(0, SNIFF_BYTES));
    } catch {
      return undefined;
    }
  }
}

type DataIconVerdict = { ok: true } | { ok: false; reason: string };

/** Verdicts by src, oldest first: a row re-mounts on every scroll and lists repeat icons across pages (in new
 *  arrays), while decoding a large data: URI takes milliseconds. Bounded so a long session holds few. */
const verdicts = new Map<string, DataIconVerdict>();
const MAX_VERDICTS = 500;

/** Checks a data: URI: size, encoding, and its bytes against the allowlist (type, pixel size) and its own media type. */
export function checkDataIcon(src: string): DataIconVerdict {
  let verdict = verdicts.get(src);
  if (!verdict) {
    verdict = decideDataIcon(src);
    if (verdicts.size >= MAX_VERDICTS) verdicts.delete(verdicts.keys().next().value as string);
    verdicts.set(src, verdict);
  }
  return verdict;
}

function decideDataIcon(src: string): DataIconVerdict {
  if (src.length > MAX_DATA_URI_LENGTH) return { ok: false, reason: `its data: URI is larger than ${MAX_ICON_BYTES / 1024} KB` };
  const comma = src.indexOf(',');
  if (comma < 0) return { ok: false, reason: 'its data: URI has no data' };
  const header = src.slice('data:'.length, comma);
  const params = header.split(';');
  const declared = params[0];
  const base64 = params.slice(1).some(p => p.trim().toLowerCase() === 'base64');
  const payload = src.slice(comma + 1);
  // Only SVG (text) may come percent-encoded; binary images must be base64.
  if (!base64 && declaredIconType(declared) !== 'svg') return { ok: false, reason: 'its data: URI is not base64-encoded' };
  const bytes = base64 ? decodeBase64(payload) : decodePercentHead(payload);
  if (!bytes) return { ok: false, reason: 'its data: URI is not validly encoded' };
  const verdict = checkIconBytes(bytes, declared);
  if (!verdict.ok) return verdict;
  // The browser decodes a data: image by its media type (SVG only as image/svg+xml), so it must name one.
  if (!bareMimeType(declared).startsWith('image/')) return { ok: false, reason: `its data: URI must declare ${ICON_MIME[verdict.type]}` };
  return { ok: true };
}

/**
 * The icon to show. A valid data: icon wins over an https: one (it needs no request and leaks nothing);
 * otherwise the first https: icon. Plain http:, javascript:, file: and every other scheme are refused.
 */
export function chooseIcon(icons: readonly IconLike[] | undefined): IconSource {
  let remote: string | undefined;
  let refusal: string | undefined;
  for (const icon of icons ?? []) {
    const src = typeof icon?.src === 'string' ? icon.src.trim() : '';
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(src)?.[1].toLowerCase();
    if (scheme === 'data') {
      const verdict = checkDataIcon(src);
      if (verdict.ok) return { kind: 'data', src };
      refusal ??= `${ICON_REFUSED_PREFIX}${verdict.reason}`;
    } else if (scheme === 'https') {
      remote ??= src;
    } else {
      refusal ??= `${ICON_REFUSED_PREFIX}only https: and data: icons are allowed${scheme ? ` (this one is ${scheme.slice(0, 20)}:)` : ''}`;
    }
  }
  if (remote) return { kind: 'remote', src: remote };
  return refusal ? { kind: 'none', refusal } : { kind: 'none' };
}
