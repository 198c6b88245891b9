import { describe, expect, it } from 'vitest';
import { parseResourceKey, resourceKey, serverScopedKey } from './resource-key';

describe('resource keys', () => {
  it('tell the same URI on two servers apart and give back what they were made from', () => {
    const a = { serverId: 'one', uri: 'ref://x?q=1#f' };
    const b = { serverId: 'two', uri: 'ref://x?q=1#f' };
    expect(resourceKey(a)).not.toBe(resourceKey(b));
    expect(parseResourceKey(resourceKey(a))).toEqual(a);
    expect(parseResourceKey(resourceKey({ serverId: 's', uri: 'weird\u0000uri' }))).toEqual({ serverId: 's', uri: 'weird\u0000uri' });
  });

  it('key anything a server names, e.g. a URI template, the same way', () => {
    expect(serverScopedKey('one', 'ref://{id}')).toBe(resourceKey({ serverId: 'one', uri: 'ref://{id}' }));
    expect(serverScopedKey('a\nb', 'c')).not.toBe(serverScopedKey('a', 'b\nc'));
  });
});
