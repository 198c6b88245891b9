// Which image types an icon may be, decided from its bytes (MCP 2026-07-28, icons: "detect content type via
// magic bytes; reject on mismatch or unknown types; maintain a strict allowlist"). A declared MIME type
// (Content-Type, a data: URI's media type) is advisory: it may be missing or generic, but when it names
// another type than the bytes are, the icon is refused. Used by the engine for fetched icons and by the
// renderer for data: icons. Raster images must also declare a size within MAX_ICON_DIMENSION and be still
// (see icon-dimensions.ts).
import { MAX_ICON_DIMENSION, readIconSize } from './icon-dimensions';

export type IconImageType = 'png' | 'jpeg' | 'gif' | 'webp' | 'ico' | 'svg';

/** The MIME type an icon is shown as (the data: URI the engine builds uses it). */
export const ICON_MIME: Readonly<Record<IconImageType, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  svg: 'image/svg+xml'
};

/** Declared types each image type answers to (lower case, parameters stripped). */
const DECLARED_ALIASES: Readonly<Record<IconImageType, readonly string[]>> = {
  png: ['image/png', 'image/x-png'],
  jpeg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  ico: ['image/x-icon', 'image/vnd.microsoft.icon', 'image/ico', 'image/icon'],
  svg: ['image/svg+xml', 'text/xml', 'application/xml']
};

/** Declared types that say nothing about the content: the bytes decide alone. */
const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);

/** How many leading bytes `sniffIconType` needs at most to decide (an SVG prolog with comments fits). */
export const SNIFF_BYTES = 4096;

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

const ascii = (text: string) => [...text].map(c => c.charCodeAt(0));
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const ICO = [0x00, 0x00, 0x01, 0x00];

/**
 * SVG is accepted only as UTF-8 text whose root element is `<svg`: optional BOM and whitespace, an optional
 * `<?xml …?>` prolog, comments, and a `<!DOCTYPE svg …>` without an internal subset (entity definitions are
 * refused: they are how "billion laughs" documents blow up). It may contain script, but the app only ever
 * shows icons through `<img>`, where browsers run no script and load no external resources.
 */
function looksLikeSvg(bytes: Uint8Array): boolean {
  let text: string;
  try {
    // A truncated head may cut a multi-byte character at its end: `stream` tolerates that, `fatal`
    // still refuses invalid UTF-8 before it.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, SNIFF_BYTES), { stream: true });
  } catch {
    return false;
  }
  let rest = text.replace(/^\uFEFF/, '').trimStart();
  if (rest.startsWith('<?xml')) {
    const end = rest.indexOf('?>');
    if (end < 0) return false;
    rest = rest.slice(end + 2).trimStart();
  }
  for (;;) {
    if (rest.startsWith('<!--')) {
      const end = rest.indexOf('-->');
      if (end < 0) return false;
      rest = rest.slice(end + 3).trimStart();
    } else if (/^<!DOCTYPE\s+svg\b/i.test(rest)) {
      const end = rest.indexOf('>');
      if (end < 0 || rest.slice(0, end).includes('[')) return false;
      rest = rest.slice(end + 1).trimStart();
    } else break;
  }
  return /^<svg[\s>/]/.test(rest);
}

/** The allowlisted image type the bytes are, or undefined (unknown: refuse). */
export function sniffIconType(bytes: Uint8Array): IconImageType | undefined {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  // ICO: reserved 0, type 1 (2 would be a cursor), and at least one image in the directory.
  if (startsWith(bytes, ICO) && bytes.length >= 6 && (bytes[4] | (bytes[5] << 8)) > 0) return 'ico';
  if (looksLikeSvg(bytes)) return 'svg';
  return undefined;
}

/** A MIME type without parameters, lower case. */
export function bareMimeType(declared: string | undefined): string {
  return (declared ?? '').split(';')[0].trim().toLowerCase();
}

/** Whether a declared type fits what the bytes are: generic or absent fits anything, a named type must agree. */
function declaredTypeFits(declared: string | undefined, actual: IconImageType): boolean {
  const bare = bareMimeType(declared);
  return GENERIC_TYPES.has(bare) || DECLARED_ALIASES[actual].includes(bare);
}

/** The image type a declared MIME type names, if it is one the app shows. */
export function declaredIconType(declared: string | undefined): IconImageType | undefined {
  const bare = bareMimeType(declared);
  return (Object.keys(DECLARED_ALIASES) as IconImageType[]).find(type => DECLARED_ALIASES[type].includes(bare));
}

/** `tooLarge`: refused for its pixel size (the engine reports it as too_large, not as an unsupported type). */
type IconVerdict = { ok: true; type: IconImageType } | { ok: false; reason: string; tooLarge?: true };

/**
 * The whole content check: known type by magic bytes, a declared type that does not contradict it, and
 * for raster types a readable header with a size within bounds and a single frame. Raster types need the
 * whole file (see readIconSize); SVG needs only its first SNIFF_BYTES and has no pixel limit (it is vector,
 * drawn at the <img> size).
 */
export function checkIconBytes(bytes: Uint8Array, declared: string | undefined): IconVerdict {
  const type = sniffIconType(bytes);
  if (!type) return { ok: false, reason: 'its content is not a PNG, JPEG, GIF, WebP, ICO or SVG image' };
  if (!declaredTypeFits(declared, type)) {
    return { ok: false, reason: `it is declared as ${bareMimeType(declared).slice(0, 80)} but its content is ${ICON_MIME[type]}` };
  }
  if (type === 'svg') return { ok: true, type };
  const size = readIconSize(bytes, type);
  if (typeof size === 'string') return { ok: false, reason: `its content is not a readable ${ICON_MIME[type]} image (${size})` };
  if (size.width === 0 || size.height === 0) return { ok: false, reason: `its content is not a readable ${ICON_MIME[type]} image (it is 0 pixels wide or high)` };
  if (size.width > MAX_ICON_DIMENSION || size.height > MAX_ICON_DIMENSION) {
    return { ok: false, tooLarge: true, reason: `it is ${size.width}×${size.height} pixels, over the ${MAX_ICON_DIMENSION}×${MAX_ICON_DIMENSION} limit` };
  }
  // Animation is refused: a row shows a 16 px icon, where motion helps nobody recognise a resource, and
  // every frame is one more full decode (the spec names "excessive frames" as an exhaustion risk). A server
  // can always send a still image.
  if (size.frames > 1) return { ok: false, reason: `it is an animated ${ICON_MIME[type]}; only still images are shown` };
  return { ok: true, type };
}
