// `resources.read`: one read through the SDK (which serves the cache and drives input-required
// rounds), with the input broker told which resource asked, oversized contents refused, and (for the
// page) each part cut to a bounded preview.
import type { ReadResourceResult } from '@modelcontextprotocol/client';
import type { CacheMode, ContentPart, ReadResult } from '../../../shared/contract';
import { previewKind } from '../../../shared/viewer/content-kind';
import type { EnginePorts, LiveConnection, ReadInputContext } from '../ports';
import type { RequestHandle } from '../requests';
import { toContentParts } from './items';

export interface ReadDeps {
  ports: EnginePorts;
  maxContentBytes: number;
}

type Loose = Record<string, unknown>;

/** Kinds a cut would only break: a part of these over the preview size is sent without its data. */
const UNCUTTABLE = new Set(['image', 'audio', 'video', 'pdf']);

/** The part as the page may see it: whole when it fits in `previewBytes`, else its first bytes or nothing. */
export function previewPart(part: ContentPart, previewBytes: number): ContentPart {
  if (part.kind === 'text') {
    const bytes = Buffer.byteLength(part.text);
    if (bytes <= previewBytes) return part;
    // A cut inside a multi-byte character decodes to U+FFFD at the end: drop it.
    const text = Buffer.from(part.text).subarray(0, previewBytes).toString('utf8').replace(/\uFFFD$/, '');
    return { ...part, text, preview: { size: bytes } };
  }
  if (part.size <= previewBytes) return part;
  if (UNCUTTABLE.has(previewKind(part))) return { ...part, blob: '', preview: { size: part.size, omitted: true } };
  // Whole base64 quanta (3 bytes per 4 characters) of the first `previewBytes` bytes, without decoding.
  return { ...part, blob: part.blob.replace(/\s+/g, '').slice(0, Math.floor(previewBytes / 3) * 4), preview: { size: part.size } };
}

export async function readResource(
  deps: ReadDeps,
  live: LiveConnection,
  handle: RequestHandle,
  uri: string,
  mode: CacheMode,
  previewBytes?: number
): Promise<ReadResult> {
  const { serverId, client } = live;
  const { input, cache } = deps.ports;
  let inputContext: ReadInputContext | undefined;
  const { value, cache: cacheInfo } = await input.withReadContext(serverId, uri, { signal: handle.signal, timeoutMs: handle.timeoutMs }, context => {
    inputContext = context;
    const read = (): Promise<ReadResourceResult> => client.readResource({ uri }, { signal: context.signal, timeout: context.timeoutMs, cacheMode: mode });
    return cache.track(serverId, 'resources/read', uri, mode, read);
  });
  const parts = toContentParts(uri, value.contents as unknown as Loose[], deps.maxContentBytes);
  const contents = previewBytes === undefined ? parts : parts.map(part => previewPart(part, previewBytes));
  return { serverId, uri, contents, cache: cacheInfo, inputRounds: inputContext?.rounds ?? 0 };
}
