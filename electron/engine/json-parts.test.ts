// jsonParts must give JSON.stringify's text exactly, only cut into parts: pure logic over JSON values.
import { describe, expect, it } from 'vitest';
import { jsonParts } from './json-parts';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ uri: `ref://catalog/${i}`, name: `item "${i}"\n`, size: i, annotations: { audience: ['user'] } }));

describe('jsonParts', () => {
  it.each([
    ['several parts', { resources: items(250), nextCursor: 'abc' }],
    ['exactly one part of items', { resources: items(100) }],
    ['one more than a part', { resources: items(101), ttlMs: 60_000, cacheScope: 'public' }],
    ['an empty list', { resources: [] }],
    ['two long lists and fields between them', { a: items(150), b: 'x', c: [1, 2, 3].concat(Array(200).fill(7)), d: null }],
    ['a nested long list', { page: { resources: items(300) } }],
    ['a JSON-RPC list response', { jsonrpc: '2.0', id: 3, result: { resources: items(250), nextCursor: 'c' } }],
    ['a long list four levels down (left whole)', { a: { b: { c: { d: items(150) } } } }],
    ['unicode, escapes and holes', { resources: [...items(120), 'é ✓ \u2028 \ud800', null, 0.1], _meta: { note: 'tab\there' } }],
    ['a __proto__ key, as JSON.parse makes it', JSON.parse(`{"__proto__":{"x":1},"resources":${JSON.stringify(items(130))}}`) as unknown],
    ['a string that looks like a placeholder', { resources: items(120), note: '\u0000json-parts:0' }],
    ['not an object', items(300)],
    ['a string', 'text'],
    ['null', null]
  ])('joins to JSON.stringify exactly: %s', (_, value) => {
    expect(jsonParts(value).join('')).toBe(JSON.stringify(value));
  });

  it('cuts each long top-level list into parts of at most the given number of items', () => {
    const page = { resources: items(250), nextCursor: 'abc' };
    const parts = jsonParts(page, 100);
    const full = JSON.stringify(page);
    // Items go 100, 100 and 50 to a part (with the separating commas and the brackets as parts of their own).
    const itemParts = parts.filter(p => p.includes('ref://catalog/'));
    expect(itemParts.map(p => p.split('"uri"').length - 1)).toEqual([100, 100, 50]);
    expect(Math.max(...parts.map(p => p.length))).toBeLessThan(full.length / 2);
  });

  it('cuts a long list inside a JSON-RPC frame (result.resources) too', () => {
    const frame = { jsonrpc: '2.0', id: 3, result: { resources: items(250), nextCursor: 'abc' } };
    const itemParts = jsonParts(frame, 100).filter(p => p.includes('ref://catalog/'));
    expect(itemParts.map(p => p.split('"uri"').length - 1)).toEqual([100, 100, 50]);
  });

  it('leaves a page with no long list in one part', () => {
    const page = { resources: items(3), nextCursor: 'abc' };
    expect(jsonParts(page, 100)).toEqual([JSON.stringify(page)]);
  });
});
