import { describe, expect, it } from 'vitest';
import { httpConfigSchema, transportKindSchema } from './contract';
import { TRANSPORT_KINDS, transportKinds } from './transport-kinds';

describe('transport kinds', () => {
  it('lists every kind once, in the form order', () => {
    expect(TRANSPORT_KINDS).toEqual(['stdio', 'http', 'sse']);
    expect(Object.keys(transportKinds).sort()).toEqual([...transportKindSchema.options].sort());
  });

  it("says a kind reaches a URL exactly when a URL entry's type may name it", () => {
    for (const kind of TRANSPORT_KINDS) {
      const isUrlType = httpConfigSchema.safeParse({ type: kind, url: 'http://127.0.0.1:1/mcp' }).success;
      expect({ kind, reach: transportKinds[kind].reach }).toEqual({ kind, reach: isUrlType ? 'url' : 'command' });
    }
  });
});
