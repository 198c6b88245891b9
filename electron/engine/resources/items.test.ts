import { describe, expect, it } from 'vitest';
import { toResourceItem, toTemplateItem } from './items';

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

  it('drops fields of the wrong type and clamps priority, never throwing on hostile input', () => {
    const item = toResourceItem('s', {
      uri: 42,
      name: { toString: 'x' },
      title: ['t'],
      size: -1,
      annotations: { audience: ['user', 'root', 7], priority: 9, lastModified: 3 },
      icons: [null, 'x', { src: '' }, { src: 'ok', mimeType: 5, sizes: ['1', 2], theme: 'neon' }],
      __proto__: { polluted: true }
    });
    expect(item).toEqual({ serverId: 's', uri: '', name: '', annotations: { audience: ['user'], priority: 1 }, icons: [{ src: 'ok', sizes: ['1'] }] });
  });

  it('leaves annotations and icons out when nothing valid is in them', () => {
    const item = toResourceItem('s', { uri: 'u', name: 'n', annotations: { audience: [], priority: Number.NaN }, icons: [] });
    expect(item).toEqual({ serverId: 's', uri: 'u', name: 'n' });
    expect('annotations' in item || 'icons' in item).toBe(false);
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
