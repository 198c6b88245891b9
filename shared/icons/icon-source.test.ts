// Which icon the picker shows: the scheme rules, the data: checks (allowlisted type by magic bytes, media
// type agreeing with the bytes, size), and the image-type sniffer they rest on.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkIconBytes, sniffIconType } from './icon-image-type';
import { MAX_ICON_BYTES, checkDataIcon, chooseIcon } from './icon-source';

const PNG_B64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const pngUri = `data:image/png;base64,${PNG_B64}`;
const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (s: string) => new TextEncoder().encode(s);

describe('sniffIconType', () => {
  it('knows the allowlisted types by their magic bytes', () => {
    expect(sniffIconType(Uint8Array.from(atob(PNG_B64), c => c.charCodeAt(0)))).toBe('png');
    expect(sniffIconType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffIconType(text('GIF89a....'))).toBe('gif');
    expect(sniffIconType(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('webp');
    expect(sniffIconType(bytes(0, 0, 1, 0, 1, 0))).toBe('ico');
    expect(sniffIconType(text('\uFEFF  <svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
    expect(sniffIconType(text('<?xml version="1.0"?><!-- c --><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x"><svg>'))).toBe('svg');
  });

  it('refuses everything else: cursors, empty ICO, HTML, XML of another root, entity definitions, bad UTF-8', () => {
    expect(sniffIconType(bytes(0, 0, 2, 0, 1, 0))).toBeUndefined();
    expect(sniffIconType(bytes(0, 0, 1, 0, 0, 0))).toBeUndefined();
    expect(sniffIconType(text('<html><svg></svg></html>'))).toBeUndefined();
    expect(sniffIconType(text('<?xml version="1.0"?><html/>'))).toBeUndefined();
    expect(sniffIconType(text('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>'))).toBeUndefined();
    expect(sniffIconType(text('<svgfoo/>'))).toBeUndefined();
    expect(sniffIconType(bytes(0x3c, 0x73, 0x76, 0x67, 0x20, 0xff, 0xfe))).toBeUndefined();
    expect(sniffIconType(bytes())).toBeUndefined();
  });

  it('takes a declared type as advisory: generic or absent passes, a contradicting one refuses', () => {
    const png = Uint8Array.from(atob(PNG_B64), c => c.charCodeAt(0));
    expect(checkIconBytes(png, undefined)).toEqual({ ok: true, type: 'png' });
    expect(checkIconBytes(png, 'application/octet-stream')).toEqual({ ok: true, type: 'png' });
    expect(checkIconBytes(png, 'IMAGE/PNG; charset=binary')).toEqual({ ok: true, type: 'png' });
    expect(checkIconBytes(png, 'image/gif')).toMatchObject({ ok: false, reason: expect.stringContaining('declared as image/gif') });
    expect(checkIconBytes(png, 'text/html')).toMatchObject({ ok: false });
  });
});

describe('checkDataIcon', () => {
  it('passes an allowlisted base64 image, and a percent-encoded SVG', () => {
    expect(checkDataIcon(pngUri)).toEqual({ ok: true });
    expect(checkDataIcon(`data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}`)).toEqual({ ok: true });
  });

  it('refuses a wrong media type, an undeclared one, bad encodings and oversized URIs', () => {
    expect(checkDataIcon(`data:image/jpeg;base64,${PNG_B64}`)).toMatchObject({ ok: false, reason: expect.stringContaining('declared as image/jpeg') });
    expect(checkDataIcon(`data:;base64,${PNG_B64}`)).toMatchObject({ ok: false, reason: expect.stringContaining('must declare image/png') });
    expect(checkDataIcon(`data:text/xml;base64,${btoa('<svg/>')}`)).toMatchObject({ ok: false, reason: expect.stringContaining('must declare image/svg+xml') });
    expect(checkDataIcon(`data:image/png,${PNG_B64}`)).toMatchObject({ ok: false, reason: expect.stringContaining('not base64') });
    expect(checkDataIcon('data:image/png;base64,%%%%')).toMatchObject({ ok: false, reason: expect.stringContaining('not validly encoded') });
    expect(checkDataIcon(`data:text/html;base64,${btoa('<script>alert(1)</script>')}`)).toMatchObject({ ok: false });
    expect(checkDataIcon(`data:image/png;base64,${'A'.repeat(Math.ceil(MAX_ICON_BYTES / 3) * 4 + 400)}`)).toMatchObject({ ok: false, reason: expect.stringContaining('larger than 256 KB') });
  });
});

describe('chooseIcon', () => {
  it('prefers a valid data: icon, else the first https: one', () => {
    expect(chooseIcon([{ src: 'https://a.example/x.png' }, { src: pngUri }])).toEqual({ kind: 'data', src: pngUri });
    expect(chooseIcon([{ src: 'https://a.example/x.png' }, { src: 'https://b.example/y.png' }])).toEqual({ kind: 'remote', src: 'https://a.example/x.png' });
  });

  it('refuses other schemes and says why when nothing is left', () => {
    expect(chooseIcon([{ src: 'http://a.example/x.png' }])).toEqual({ kind: 'none', refusal: 'Icon refused: only https: and data: icons are allowed (this one is http:)' });
    expect(chooseIcon([{ src: 'javascript:alert(1)' }, { src: 'file:///etc/passwd' }])).toMatchObject({ kind: 'none', refusal: expect.stringContaining('javascript:') });
    expect(chooseIcon([{ src: 'data:text/html;base64,PHA+' }])).toMatchObject({ kind: 'none', refusal: expect.stringContaining('not a PNG') });
    expect(chooseIcon([{ src: 'http://a.example/x.png' }, { src: 'https://a.example/x.png' }])).toEqual({ kind: 'remote', src: 'https://a.example/x.png' });
    expect(chooseIcon(undefined)).toEqual({ kind: 'none' });
    expect(chooseIcon([])).toEqual({ kind: 'none' });
  });

  describe('remembers data: verdicts by src', () => {
    afterEach(() => vi.restoreAllMocks());

    it('decodes a data: icon once, even when it comes in a new array (a row re-mounted, another page)', () => {
      // atob is the base64 decode step: counting its calls counts decodes.
      const atob = vi.spyOn(globalThis, 'atob');
      const src = `data:image/png;name=memo-once;base64,${PNG_B64}`;
      expect(chooseIcon([{ src }])).toEqual({ kind: 'data', src });
      expect(atob).toHaveBeenCalledTimes(1);
      expect(chooseIcon([{ src: 'https://a.example/x.png' }, { src }])).toEqual({ kind: 'data', src });
      expect(atob).toHaveBeenCalledTimes(1);
    });

    it('holds at most 500 verdicts, dropping the oldest first', () => {
      const atob = vi.spyOn(globalThis, 'atob');
      const first = `data:image/png;name=memo-first;base64,${PNG_B64}`;
      checkDataIcon(first);
      for (let i = 0; i < 500; i++) checkDataIcon(`data:image/png;name=memo-${i};base64,${PNG_B64}`);
      expect(atob).toHaveBeenCalledTimes(501);
      expect(checkDataIcon(first)).toEqual({ ok: true });
      expect(atob).toHaveBeenCalledTimes(502);
    });
  });
});
