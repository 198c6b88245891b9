// `resources.read`: one read through the SDK (which serves the cache and drives input-required
// rounds), with the input broker told which resource asked, and oversized contents refused.
import type { ReadResourceResult } from '@modelcontextprotocol/client';
import type { CacheMode, ReadResult } from '../../../shared/contract';
import type { EnginePorts, LiveConnection, ReadInputContext } from '../ports';
import type { RequestHandle } from '../requests';
import { toContentParts } from './items';

export interface ReadDeps {
  ports: EnginePorts;
  maxContentBytes: number;
}

type Loose = Record<string, unknown>;

export async function readResource(deps: ReadDeps, live: LiveConnection, handle: RequestHandle, uri: string, mode: CacheMode): Promise<ReadResult> {
  const { serverId, client } = live;
  const { input, cache } = deps.ports;
  let inputContext: ReadInputContext | undefined;
  const { value, cache: cacheInfo } = await input.withReadContext(serverId, uri, { signal: handle.signal, timeoutMs: handle.timeoutMs }, context => {
    inputContext = context;
    const read = (): Promise<ReadResourceResult> => client.readResource({ uri }, { signal: context.signal, timeout: context.timeoutMs, cacheMode: mode });
    return cache.track(serverId, 'resources/read', uri, mode, read);
  });
  const contents = toContentParts(uri, value.contents as unknown as Loose[], deps.maxContentBytes);
  return { serverId, uri, contents, cache: cacheInfo, inputRounds: inputContext?.rounds ?? 0 };
}
