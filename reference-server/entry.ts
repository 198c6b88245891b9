// The shape every served resource has inside the server: listing metadata, a cache hint for its reads, and a
// read function. Keeping this one small interface lets the catalog, showcase, live, MRTR and error resources
// live in separate modules while one read handler serves them all.
import type { CacheHint, InputRequiredResult, ReadResourceResult, Resource, ServerContext } from '@modelcontextprotocol/server';
import type { GeneratedContent } from './content-kinds';

export type ReadOutcome = ReadResourceResult | InputRequiredResult;

export interface ResourceEntry {
  meta: Resource;
  /** Stamped on `resources/read` results of the 2026-07-28 era (2025 results carry no hints). */
  cache: CacheHint;
  read(uri: string, ctx: ServerContext): ReadOutcome | Promise<ReadOutcome>;
  /** Listed, but reading it answers "not found" (ref://errors/missing): not a URI a client can watch either. */
  missing?: true;
}

/** Named cache hints, so the documentation table and the code use the same vocabulary. */
export const CACHE = {
  publicLong: { ttlMs: 3_600_000, cacheScope: 'public' },
  publicMinutes: { ttlMs: 300_000, cacheScope: 'public' },
  publicMinute: { ttlMs: 60_000, cacheScope: 'public' },
  publicShort: { ttlMs: 10_000, cacheScope: 'public' },
  privateShort: { ttlMs: 5_000, cacheScope: 'private' },
  privateMinute: { ttlMs: 30_000, cacheScope: 'private' },
  noStore: { ttlMs: 0, cacheScope: 'private' }
} as const satisfies Record<string, CacheHint>;

/** One content item of a read result, text or base64 blob. */
export function contentItem(uri: string, mimeType: string, c: GeneratedContent): ReadResourceResult['contents'][number] {
  return 'text' in c ? { uri, mimeType, text: c.text } : { uri, mimeType, blob: c.blob.toString('base64') };
}

export function textResult(uri: string, mimeType: string, text: string): ReadResourceResult {
  return { contents: [{ uri, mimeType, text }] };
}
