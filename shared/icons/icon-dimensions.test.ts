// Pixel-size checks on hand-built headers of every raster type, over and under the limit, through the
// same check the engine (fetched icons) and the page (data: icons) use. Only headers are built: the check
// must never need the pixel data.
import { describe, expect, it } from 'vitest';
import { MAX_ICON_DIMENSION, readIconSize } from './icon-dimensions';
import { checkIconBytes } from './icon-image-type';
import { checkDataIcon } from './icon-source';

const bytes = (...parts: (number[] | string | Uint8Array)[]) =>
  Uint8Array.from(parts.flatMap(p => (typeof p === 'string' ? [...p].map(c => c.charCodeAt(0)) : [...p])));
const be16 = (n: number) => [n >> 8, n & 0xff];
const le16 = (n: number) => [n & 0xff, n >> 8];
const be32 = (n: number) => [...be16(Math.floor(n / 0x10000)), ...be16(n & 0xffff)];
const le32 = (n: number) => [...le16(n & 0xffff), ...le16(Math.floor(n / 0x10000))];
const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, n >> 16];

const png = (width: number, height: number) =>
  bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], be32(13), 'IHDR', be32(width), be32(height), [8, 6, 0, 0, 0], [0, 0, 0, 0]);

/** A GIF with no colour table, `frames` 1×1 image descriptors (each with one data sub-block), and the trailer. */
const gif = (width: number, height: number, frames = 1) => {
  const frame = [0x2c, ...le16(0), ...le16(0), ...le16(1), ...le16(1), 0, 2, 2, 0x4c, 0x01, 0];
  return bytes('GIF89a', le16(width), le16(height), [0, 0, 0], Array.from({ length: frames }, () => frame).flat(), [0x3b]);
};

/** A JPEG with an APP0 segment and an APP1 of `padding` bytes before its frame header (marker `sof`). */
const jpeg = (width: number, height: number, sof = 0xc0, padding = 16) =>
  bytes([0xff, 0xd8], [0xff, 0xe0, ...be16(16)], 'JFIF', Array(10).fill(0), [0xff, 0xe1, ...be16(padding + 2)], Array(padding).fill(0),
    [0xff, sof, ...be16(17), 8, ...be16(height), ...be16(width), 3], Array(9).fill(0), [0xff, 0xda, ...be16(12)], Array(10).fill(0));

const riff = (chunk: string, payload: number[]) => bytes('RIFF', le32(4 + 8 + payload.length), 'WEBP', chunk, le32(payload.length), payload);
const vp8 = (width: number, height: number) => riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(width), ...le16(height), 0, 0]);
const vp8l = (width: number, height: number) => {
  const bits = (width - 1) | ((height - 1) << 14);
  return riff('VP8L', [0x2f, ...le32(bits >>> 0), 0, 0, 0, 0, 0]);
};
const vp8x = (width: number, height: number, animated = false) => riff('VP8X', [animated ? 0x02 : 0, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)]);

/** An ICO with one entry; `embedded` is its image data (a PNG or a bare BMP header stand-in). */
const ico = (dirWidth: number, dirHeight: number, embedded: Uint8Array) =>
  bytes([0, 0, 1, 0], le16(1), [dirWidth & 0xff, dirHeight & 0xff, 0, 0], le16(1), le16(32), le32(embedded.length), le32(22), embedded);
const bmpHeader = bytes(le32(40), le32(16), le32(32), Array(28).fill(0));

const sizeOf = (b: Uint8Array, type: Parameters<typeof readIconSize>[1]) => {
  const size = readIconSize(b, type);
  return typeof size === 'string' ? size : [size.width, size.height];
};

describe('readIconSize', () => {
  it('reads width and height from each format', () => {
    expect(sizeOf(png(48, 32), 'png')).toEqual([48, 32]);
    expect(sizeOf(gif(300, 200), 'gif')).toEqual([300, 200]);
    expect(sizeOf(jpeg(640, 480), 'jpeg')).toEqual([640, 480]);
    expect(sizeOf(jpeg(640, 480, 0xc2, 2000), 'jpeg')).toEqual([640, 480]);
    expect(sizeOf(vp8(100, 50), 'webp')).toEqual([100, 50]);
    expect(sizeOf(vp8l(1000, 3), 'webp')).toEqual([1000, 3]);
    expect(sizeOf(vp8x(5000, 70), 'webp')).toEqual([5000, 70]);
    expect(sizeOf(ico(0, 0, bmpHeader), 'ico')).toEqual([256, 256]);
    expect(sizeOf(ico(32, 16, png(32, 16)), 'ico')).toEqual([32, 16]);
  });

  it('takes a GIF frame that reaches past the logical screen, and counts frames', () => {
    const wide = gif(10, 10);
    // The one frame's left offset: 5000.
    wide.set(le16(5000), 14);
    expect(sizeOf(wide, 'gif')).toEqual([5001, 10]);
    expect(readIconSize(gif(16, 16, 3), 'gif')).toEqual({ width: 16, height: 16, frames: 3 });
  });

  it('says why a header cannot be read', () => {
    expect(readIconSize(png(16, 16).subarray(0, 20), 'png')).toBe('no IHDR chunk');
    expect(readIconSize(bytes([0xff, 0xd8], [0xff, 0xda, 0, 2]), 'jpeg')).toBe('no frame header before the image data');
    expect(readIconSize(jpeg(16, 16, 0xc3), 'jpeg')).toBe('no frame header before the image data');
    expect(readIconSize(gif(16, 16, 0), 'gif')).toBe('no image in it');
    expect(readIconSize(ico(16, 16, png(16, 16)).subarray(0, 25), 'ico')).toBe('entry 1 lies outside the file');
  });
});

describe('checkIconBytes: pixel size limit', () => {
  const limit = MAX_ICON_DIMENSION;
  const cases: [string, (w: number, h: number) => Uint8Array][] = [
    ['PNG', png],
    ['GIF', gif],
    ['JPEG', (w, h) => jpeg(w, h)],
    ['WebP VP8', vp8],
    ['WebP VP8L', vp8l],
    ['WebP VP8X', (w, h) => vp8x(w, h)],
    ['ICO with a PNG inside', (w, h) => ico(16, 16, png(w, h))]
  ];
  for (const [name, build] of cases) {
    it(`${name}: ${limit}×${limit} passes, one pixel more is refused`, () => {
      expect(checkIconBytes(build(limit, limit), undefined)).toMatchObject({ ok: true });
      expect(checkIconBytes(build(limit + 1, 16), undefined)).toEqual({ ok: false, tooLarge: true, reason: `it is ${limit + 1}×16 pixels, over the ${limit}×${limit} limit` });
      expect(checkIconBytes(build(16, limit + 1), undefined)).toMatchObject({ ok: false, tooLarge: true });
    });
  }

  it('refuses an unreadable header as not an image, and zero sizes', () => {
    expect(checkIconBytes(png(16, 16).subarray(0, 16), 'image/png')).toEqual({ ok: false, reason: 'its content is not a readable image/png image (no IHDR chunk)' });
    expect(checkIconBytes(png(0, 16), 'image/png')).toMatchObject({ ok: false, reason: expect.stringContaining('0 pixels wide or high') });
  });

  it('refuses animated GIF and WebP, keeps still ones', () => {
    expect(checkIconBytes(gif(16, 16, 2), undefined)).toEqual({ ok: false, reason: 'it is an animated image/gif; only still images are shown' });
    expect(checkIconBytes(vp8x(16, 16, true), undefined)).toMatchObject({ ok: false, reason: expect.stringContaining('animated image/webp') });
    expect(checkIconBytes(vp8x(16, 16), undefined)).toMatchObject({ ok: true });
  });

  it('puts no pixel limit on SVG (vector, drawn at the <img> size)', () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>');
    expect(checkIconBytes(svg, 'image/svg+xml')).toEqual({ ok: true, type: 'svg' });
  });

  it('applies to data: icons, reading the whole payload (a frame header after 8 KB of metadata is found)', () => {
    const toData = (b: Uint8Array, type: string) => `data:${type};base64,${btoa(String.fromCharCode(...b))}`;
    expect(checkDataIcon(toData(png(8000, 8000), 'image/png'))).toEqual({ ok: false, reason: 'it is 8000×8000 pixels, over the 1024×1024 limit', tooLarge: true });
    expect(checkDataIcon(toData(jpeg(16, 16, 0xc0, 8000), 'image/jpeg'))).toEqual({ ok: true });
    expect(checkDataIcon(toData(jpeg(4000, 16, 0xc0, 8000), 'image/jpeg'))).toMatchObject({ ok: false, tooLarge: true });
  });
});
