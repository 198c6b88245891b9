// An icon's pixel size read from its header, so an image that would take a lot of memory to decode is
// refused before any <img> sees it (MCP 2026-07-28, icons: "be resilient against resource exhaustion
// attacks stemming from oversized images, large dimensions, or excessive frames"). A 256 KB PNG of zeros can
// declare 8000×8000 (≈256 MB decoded), and Chromium decodes the whole image even for a 16 px <img>.
// Only the header is read, never the pixel data; every walk is bounded by the bytes given. SVG is not
// handled here: it is vector, drawn at the <img> size.
import type { IconImageType } from './icon-image-type';

/** Largest width and height accepted, each (px). Icons are shown at 16 px; 1024 leaves room for any real one. */
export const MAX_ICON_DIMENSION = 1024;

interface IconSize {
  width: number;
  height: number;
  /** GIF frames, or 2 for an animated WebP (the frame count is not read further). */
  frames: number;
}

/** Why no size: the header is cut off or malformed. */
type Read = IconSize | string;

const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 0x10000 + u16be(b, at + 2);
const u32le = (b: Uint8Array, at: number) => u16le(b, at) + u16le(b, at + 2) * 0x10000;
const tag = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));
const still = (width: number, height: number): IconSize => ({ width, height, frames: 1 });

function pngSize(b: Uint8Array, at = 0): Read {
  // Signature (8), then the IHDR chunk first: length 13, type, width, height (big-endian).
  if (b.length < at + 24 || u32be(b, at + 8) !== 13 || tag(b, at + 12) !== 'IHDR') return 'no IHDR chunk';
  return still(u32be(b, at + 16), u32be(b, at + 20));
}

/** Skips a run of GIF data sub-blocks (length byte, data; a 0 length ends it); the offset after, or -1. */
function skipSubBlocks(b: Uint8Array, at: number): number {
  while (at < b.length) {
    const length = b[at];
    if (length === 0) return at + 1;
    at += length + 1;
  }
  return -1;
}

function gifSize(b: Uint8Array): Read {
  if (b.length < 13) return 'no logical screen descriptor';
  const width = u16le(b, 6);
  const height = u16le(b, 8);
  // Walk the blocks to count frames and see that none is larger than the screen (a decoder may grow to fit).
  let at = 13 + (b[10] & 0x80 ? 3 * 2 ** ((b[10] & 7) + 1) : 0);
  let frames = 0;
  let frameWidth = width;
  let frameHeight = height;
  while (at < b.length) {
    const block = b[at];
    if (block === 0x3b) break; // trailer
    if (block === 0x21) {
      // Extension: label, then sub-blocks.
      at = skipSubBlocks(b, at + 2);
    } else if (block === 0x2c) {
      if (at + 10 > b.length) return 'cut-off image descriptor';
      frames++;
      frameWidth = Math.max(frameWidth, u16le(b, at + 1) + u16le(b, at + 5));
      frameHeight = Math.max(frameHeight, u16le(b, at + 3) + u16le(b, at + 7));
      const flags = b[at + 9];
      at += 10 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
      // LZW minimum code size, then the image data sub-blocks.
      at = skipSubBlocks(b, at + 1);
    } else return 'unknown block';
    if (at < 0) return 'cut-off block';
  }
  if (frames === 0) return 'no image in it';
  return { width: frameWidth, height: frameHeight, frames };
}

/** JPEG start-of-frame markers browsers decode: baseline, extended sequential, progressive. */
const SOF = new Set([0xc0, 0xc1, 0xc2]);
/** Markers without a length: TEM and RST0–7. */
const STANDALONE = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
const MAX_JPEG_SEGMENTS = 512;

function jpegSize(b: Uint8Array): Read {
  let at = 2;
  for (let segment = 0; segment < MAX_JPEG_SEGMENTS; segment++) {
    if (at + 4 > b.length || b[at] !== 0xff) return 'no frame header before the image data';
    while (b[at + 1] === 0xff && at + 5 < b.length) at++; // fill bytes
    const marker = b[at + 1];
    if (STANDALONE(marker)) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return 'no frame header before the image data';
    if (SOF.has(marker)) {
      if (at + 9 > b.length) return 'cut-off frame header';
      return still(u16be(b, at + 7), u16be(b, at + 5));
    }
    at += 2 + u16be(b, at + 2);
  }
  return 'too many segments before the frame header';
}

function webpSize(b: Uint8Array): Read {
  if (b.length < 30) return 'cut-off header';
  const chunk = tag(b, 12);
  if (chunk === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return 'no VP8 start code';
    return still(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return 'no VP8L signature';
    const bits = u32le(b, 21);
    return still((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    const animated = (b[20] & 0x02) !== 0;
    return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1, frames: animated ? 2 : 1 };
  }
  return 'unknown first chunk';
}

function icoSize(b: Uint8Array): Read {
  const count = u16le(b, 4);
  if (b.length < 6 + 16 * count) return 'cut-off directory';
  let width = 0;
  let height = 0;
  for (let i = 0; i < count; i++) {
    const entry = 6 + 16 * i;
    // The directory says 1–256 (0 means 256); an entry's PNG may claim more, and that is what gets decoded.
    width = Math.max(width, b[entry] || 256);
    height = Math.max(height, b[entry + 1] || 256);
    const offset = u32le(b, entry + 12);
    if (offset + 8 > b.length) return `entry ${i + 1} lies outside the file`;
    if (b[offset] === 0x89 && tag(b, offset + 1) === 'PNG\r') {
      const png = pngSize(b, offset);
      if (typeof png === 'string') return `entry ${i + 1}: ${png}`;
      width = Math.max(width, png.width);
      height = Math.max(height, png.height);
    }
  }
  return still(width, height);
}

/**
 * The size of an image of a known raster type, or why it cannot be read. Give it the whole file (at most
 * 256 KB): a JPEG's frame header may follow large metadata segments, an ICO's images lie after its
 * directory, and a GIF's frames are counted to its end.
 */
export function readIconSize(bytes: Uint8Array, type: Exclude<IconImageType, 'svg'>): Read {
  switch (type) {
    case 'png':
      return pngSize(bytes);
    case 'gif':
      return gifSize(bytes);
    case 'jpeg':
      return jpegSize(bytes);
    case 'webp':
      return webpSize(bytes);
    case 'ico':
      return icoSize(bytes);
  }
}
