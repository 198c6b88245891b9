// The per-page result schema handed to the SDK (pure: it sees decoded result objects).
import { describe, expect, it } from 'vitest';
import { listPageSchema } from './list-page-schema';

const check = (itemsKey: 'resources' | 'resourceTemplates', value: unknown) => listPageSchema(itemsKey)['~standard'].validate(value);

describe('listPageSchema', () => {
  it('passes a good page through as the same object (extra fields kept for the cache hints)', () => {
    const page = { resources: [{ uri: 'a://1', name: 'one', size: 'junk is items.ts business' }], nextCursor: 'c', ttlMs: 5 };
    expect(check('resources', page)).toEqual({ value: page });
    expect((check('resources', page) as { value: unknown }).value).toBe(page);
    expect(check('resourceTemplates', { resourceTemplates: [{ uriTemplate: 'a://{x}', name: 't' }] })).toMatchObject({ value: expect.any(Object) });
  });

  it.each([
    ['not an object', []],
    ['no item array', { resources: 'x' }],
    ['a cursor that is not a string', { resources: [], nextCursor: 3 }],
    ['an item without a uri', { resources: [{ name: 'n' }] }],
    ['an item without a name', { resources: [{ uri: 'a://1' }] }],
    ['an item that is not an object', { resources: [null] }]
  ])('refuses %s', (_, value) => {
    expect(check('resources', value)).toMatchObject({ issues: [{ message: expect.any(String) }] });
  });

  it('asks templates for uriTemplate, not uri', () => {
    expect(check('resourceTemplates', { resourceTemplates: [{ uri: 'a://1', name: 'n' }] })).toMatchObject({ issues: [expect.anything()] });
  });
});
