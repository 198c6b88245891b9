import { describe, expect, it } from 'vitest';
import { itemText, toContentParts, toResourceItem, toTemplateItem } from './items';

describe('toResourceItem', () => {
  it('copies every known field with its type', () => {
    const raw = {
      uri: 'ref://a',
      name: 'a',
      title: 'A',
      description: 'd',
      mimeType: 'text/plain',
      size: 12,
      annotations: { audience: ['user', 'assistant'], priority: 0.5, lastModified: '2026-01-01T00:00:00Z' },
      icons: [{ src: 'data:x', mimeType: 'image/png', sizes: ['16x16'], theme: 'dark' }]
    };
    expect(toResourceItem('s', raw)).toEqual({ serverId: 's', ...raw });
  });

  it("caps what a hostile server can put in an item's text and icons, never cutting its URI", () => {
    const long = (n: number) => 'x'.repeat(n);
    const uri = `ref://${long(70_000)}`;
    const item = toResourceItem('s', {
      uri,
      name: long(5_000),
      title: long(1_000),
      description: long(100_000),
      mimeType: `text/${long(1_000)}`,
      icons: [{ src: `data:image/png;base64,${long(40_000)}` }, ...Array.from({ length: 20 }, (_, k) => ({ src: `https://example.com/${k}.png` }))]
    });
    expect(item.uri).toBe(uri);
    expect(item.name).toHaveLength(1_000);
    expect(item.name.endsWith('…')).toBe(true);
    expect(item.title).toBe(long(1_000));
    expect(item.description).toHaveLength(4_000);
    expect(item.mimeType).toHaveLength(255);
    // The 40 kB data: icon is left out; of the twenty others, the first eight are kept.
    expect(item.icons?.map(i => i.src)).toEqual(Array.from({ length: 8 }, (_, k) => `https://example.com/${k}.png`));
    expect(itemText(item)).toBe(uri.length + 1_000 + 1_000 + 4_000 + 255 + item.icons!.reduce((n, i) => n + i.src.length, 0));
  });

  it('drops fields of the wrong type and lists invalid annotations instead of correcting them, never throwing on hostile input', () => {
    const item = toResourceItem('s', {
      uri: 42,
      name: { toString: 'x' },
      title: ['t'],
      size: -1,
      annotations: { audience: ['user', 'root', 7], priority: 9, lastModified: 3 },
      icons: [null, 'x', { src: '' }, { src: 'ok', mimeType: 5, sizes: ['1', 2], theme: 'neon' }],
      __proto__: { polluted: true }
    });
    // The audience keeps its valid entry; priority 9 is not corrected to 1.
    expect(item).toEqual({
      serverId: 's',
      uri: '',
      name: '',
      annotations: { audience: ['user'] },
      invalidAnnotations: [
        { field: 'audience', raw: '["user","root",7]' },
        { field: 'priority', raw: '9' },
        { field: 'lastModified', raw: '3' }
      ],
      icons: [{ src: 'ok', sizes: ['1'] }]
    });
  });

  it.each([
    ['a priority above 1', { priority: 7 }, { field: 'priority', raw: '7' }],
    ['a priority below 0', { priority: -0.1 }, { field: 'priority', raw: '-0.1' }],
    ['a priority of the wrong type', { priority: [1] }, { field: 'priority', raw: '[1]' }],
    ['a null priority', { priority: null }, { field: 'priority', raw: 'null' }],
    ['a date Date.parse reads but ISO 8601 does not allow', { lastModified: 'March 7, 2024' }, { field: 'lastModified', raw: 'March 7, 2024' }],
    ['a day that does not exist', { lastModified: '2026-02-30T00:00:00Z' }, { field: 'lastModified', raw: '2026-02-30T00:00:00Z' }],
    ['an audience that is not a list', { audience: 'user' }, { field: 'audience', raw: 'user' }]
  ])('marks %s invalid and leaves it out', (_label, annotations, expected) => {
    const item = toResourceItem('s', { uri: 'u', name: 'n', annotations });
    expect(item.annotations).toBeUndefined();
    expect(item.invalidAnnotations).toEqual([expected]);
  });

  it('keeps the edges of the allowed range, and cuts a long invalid value to 64 characters', () => {
    expect(toResourceItem('s', { uri: 'u', name: 'n', annotations: { priority: 0 } }).annotations).toEqual({ priority: 0 });
    expect(toResourceItem('s', { uri: 'u', name: 'n', annotations: { priority: 1 } }).annotations).toEqual({ priority: 1 });
    const [long] = toResourceItem('s', { uri: 'u', name: 'n', annotations: { lastModified: 'x'.repeat(5000) } }).invalidAnnotations ?? [];
    expect(long.raw).toHaveLength(64);
    expect(long.raw.endsWith('…')).toBe(true);
  });

  it('leaves annotations and icons out when nothing valid is in them', () => {
    const item = toResourceItem('s', { uri: 'u', name: 'n', annotations: { audience: [] }, icons: [] });
    expect(item).toEqual({ serverId: 's', uri: 'u', name: 'n' });
    expect('annotations' in item || 'icons' in item || 'invalidAnnotations' in item).toBe(false);
  });
});

describe('toContentParts', () => {
  it('validates content annotations as a resource\'s are', () => {
    const [text, blob] = toContentParts(
      'x://a',
      [
        { uri: 'x://a', text: 'hi', annotations: { audience: ['assistant'], priority: 1.5 } },
        { uri: 'x://b', blob: 'AAAA', mimeType: 'application/octet-stream', annotations: { lastModified: '2026-01-01T00:00:00Z' } }
      ],
      1024
    );
    expect(text).toEqual({ uri: 'x://a', kind: 'text', text: 'hi', annotations: { audience: ['assistant'] }, invalidAnnotations: [{ field: 'priority', raw: '1.5' }] });
    expect(blob).toEqual({ uri: 'x://b', kind: 'blob', blob: 'AAAA', size: 3, mimeType: 'application/octet-stream', annotations: { lastModified: '2026-01-01T00:00:00Z' } });
  });
});

describe('toTemplateItem', () => {
  it('copies the template and its shared fields', () => {
    expect(toTemplateItem('s', { uriTemplate: 'ref://{x}', name: 't', mimeType: 'text/plain', size: 3 })).toEqual({
      serverId: 's',
      uriTemplate: 'ref://{x}',
      name: 't',
      mimeType: 'text/plain'
    });
  });
});
