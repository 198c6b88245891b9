import { describe, expect, it } from 'vitest';
import { classifyFrame, trimFrame } from './frame';

describe('classifyFrame', () => {
  it('tells requests, notifications, responses and errors apart', () => {
    expect(classifyFrame({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: {} })).toEqual({ kind: 'request', method: 'resources/read', id: 1 });
    expect(classifyFrame({ jsonrpc: '2.0', method: 'notifications/resources/updated' })).toEqual({ kind: 'notification', method: 'notifications/resources/updated' });
    expect(classifyFrame({ jsonrpc: '2.0', id: 'a', result: {} })).toEqual({ kind: 'response', id: 'a' });
    expect(classifyFrame({ jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'x' } })).toEqual({ kind: 'error', id: 2 });
  });

  it('copes with frames that are not JSON-RPC objects', () => {
    expect(classifyFrame(null)).toEqual({ kind: 'notification' });
    expect(classifyFrame([1, 2])).toEqual({ kind: 'notification' });
    expect(classifyFrame({ id: { nested: true }, result: 1 })).toEqual({ kind: 'response', id: undefined });
  });
});

describe('trimFrame', () => {
  it('cuts long strings and arrays and marks each cut', () => {
    const trimmed = trimFrame({ text: 'a'.repeat(100), items: [1, 2, 3, 4, 5], short: 'ok' }, { maxString: 10, maxItems: 2 }) as {
      text: string;
      items: unknown[];
      short: string;
    };
    expect(trimmed.text).toBe(`${'a'.repeat(10)}… [90 more characters not kept in the log]`);
    expect(trimmed.items).toEqual([1, 2, '… [3 more items not kept in the log]']);
    expect(trimmed.short).toBe('ok');
  });

  it('leaves the original untouched', () => {
    const original = { text: 'b'.repeat(50) };
    trimFrame(original, { maxString: 5, maxItems: 5 });
    expect(original.text).toHaveLength(50);
  });
});
