// `templates.list` (every page of resources/templates/list, each page through the cache) and
// `completion.complete` (argument completion for a template, only on servers that declare `completions`).
import type { ListResourceTemplatesResult } from '@modelcontextprotocol/client';
import type { CacheInfo, CacheMode, CompletionResult, ListResult, TemplateItem } from '../../../shared/contract';
import type { ServerRegistry } from '../connections/registry';
import { appError } from '../errors';
import type { HandlerMap } from '../handlers';
import type { EnginePorts, LiveConnection } from '../ports';
import type { RequestHandle, RequestRegistry } from '../requests';
import { toTemplateItem } from '../resources/items';
import { uncachedInfo } from '../resources/tracked';
import { walkPages } from '../resources/walk-pages';

/** The spec caps a completion reply at 100 values; more from a server is cut. */
const maxCompletionValues = 100;
const maxCompletionValueLength = 2000;

export interface TemplateDeps {
  registry: ServerRegistry;
  requests: RequestRegistry;
  ports: EnginePorts;
  maxListItems: number;
}

type Loose = Record<string, unknown>;

export function templateHandlers(deps: TemplateDeps): HandlerMap<'templates.list' | 'completion.complete'> {
  const { registry, requests } = deps;
  return {
    'templates.list': ({ serverId, cacheMode }) =>
      requests.run(undefined, handle => registry.use(serverId, handle, live => listTemplates(deps, live, handle, cacheMode ?? 'use'))),
    'completion.complete': ({ serverId, uriTemplate, argument, contextArguments, requestId }) =>
      requests.run(requestId, handle =>
        registry.use(serverId, handle, async live => {
          if (!live.capabilities.completions) throw appError('unsupported', `Server ${serverId} does not declare the completions capability.`);
          const result = await live.client.complete(
            {
              ref: { type: 'ref/resource', uri: uriTemplate },
              argument,
              ...(contextArguments && Object.keys(contextArguments).length > 0 && { context: { arguments: contextArguments } })
            },
            { signal: handle.signal, timeout: handle.timeoutMs }
          );
          return toCompletionResult(result.completion);
        })
      )
  };
}

async function listTemplates(deps: TemplateDeps, live: LiveConnection, handle: RequestHandle, mode: CacheMode): Promise<ListResult<TemplateItem>> {
  const { serverId, client } = live;
  if (!live.capabilities.resources) return { serverId, items: [], pages: 0, cache: uncachedInfo(mode, undefined) };
  const cache = deps.ports.cache;
  let caches: CacheInfo[] = [];
  const fetchPage = async (cursor: string | undefined) => {
    if (cursor === undefined) caches = [];
    // One page at a time: without a cursor, listResourceTemplates() would walk (and cache) the whole list itself.
    const fetch = (): Promise<ListResourceTemplatesResult> =>
      client.request({ method: 'resources/templates/list', params: cursor === undefined ? {} : { cursor } }, { signal: handle.signal, timeout: handle.timeoutMs });
    const { value, cache: info } = cache
      ? await cache.page(serverId, 'resources/templates/list', cursor, mode, fetch)
      : await fetch().then(v => ({ value: v, cache: uncachedInfo(mode, v as Loose) }));
    caches.push(info);
    return { items: value.resourceTemplates as unknown as Loose[], ...(typeof value.nextCursor === 'string' && { nextCursor: value.nextCursor }) };
  };
  const result = await walkPages<Loose, TemplateItem>({ signal: handle.signal, maxItems: deps.maxListItems, map: raw => toTemplateItem(serverId, raw), fetchPage });
  return { serverId, items: result.items, pages: result.pages, cache: combineCacheInfo(caches) };
}

/** The list is as fresh as its least fresh page. */
export function combineCacheInfo(pages: CacheInfo[]): CacheInfo {
  const [first, ...rest] = pages;
  if (!first) return { state: 'bypass', receivedAt: Date.now() };
  const rank = { stale: 3, miss: 2, bypass: 1, fresh: 0 } as const;
  let combined = first;
  for (const page of rest) {
    const expiresAt = combined.expiresAt === undefined || page.expiresAt === undefined ? undefined : Math.min(combined.expiresAt, page.expiresAt);
    combined = {
      ...(rank[page.state] > rank[combined.state] ? page : combined),
      receivedAt: Math.min(combined.receivedAt, page.receivedAt),
      expiresAt
    };
    if (expiresAt === undefined) delete combined.expiresAt;
  }
  return combined;
}

function toCompletionResult(completion: { values: unknown[]; total?: number; hasMore?: boolean }): CompletionResult {
  const values = completion.values
    .filter((v): v is string => typeof v === 'string')
    .slice(0, maxCompletionValues)
    .map(v => (v.length > maxCompletionValueLength ? v.slice(0, maxCompletionValueLength) : v));
  return {
    values,
    ...(typeof completion.total === 'number' && Number.isFinite(completion.total) && { total: completion.total }),
    ...(typeof completion.hasMore === 'boolean' && { hasMore: completion.hasMore })
  };
}
