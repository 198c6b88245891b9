// `templates.list` (every page of resources/templates/list, each page through the cache) and
// `completion.complete` (argument completion for a template, only on servers that declare `completions`).
import type { ListResourceTemplatesResult } from '@modelcontextprotocol/client';
import type { CacheInfo, CacheMode, CompletionResult, ServerId, TemplateItem } from '../../../shared/contract';
import { appError } from '../errors';
import type { HandlerMap } from '../handlers';
import type { CachePort, LiveConnection } from '../ports';
import type { RequestHandle, RequestRegistry } from '../requests';
import { toTemplateItem } from './template-item';

/** A server whose cursor never ends is cut off here rather than walked forever. */
const maxTemplatePages = 1000;
/** The spec caps a completion reply at 100 values; more from a server is cut. */
const maxCompletionValues = 100;
const maxCompletionValueLength = 2000;

export interface TemplateDeps {
  requests: RequestRegistry;
  /** The live connection of a server (waiting for a connect in progress), for the request `handle`. */
  connection(serverId: ServerId, handle: RequestHandle): Promise<LiveConnection>;
  /** Tells the connection layer a request failed, so it can notice a dead server. */
  noteFailure?(serverId: ServerId, err: unknown): void;
  cache?: CachePort;
}

export function templateHandlers(deps: TemplateDeps): HandlerMap<'templates.list' | 'completion.complete'> {
  return {
    'templates.list': ({ serverId, cacheMode }) =>
      deps.requests.run(undefined, handle => reportingFailure(deps, serverId, () => listTemplates(deps, serverId, cacheMode ?? 'use', handle))),
    'completion.complete': ({ serverId, uriTemplate, argument, contextArguments, requestId }) =>
      deps.requests.run(requestId, handle =>
        reportingFailure(deps, serverId, async () => {
          const conn = await deps.connection(serverId, handle);
          if (!conn.capabilities.completions) throw appError('unsupported', `Server ${serverId} does not declare the completions capability.`);
          const result = await conn.client.complete(
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

async function listTemplates(deps: TemplateDeps, serverId: ServerId, mode: CacheMode, handle: RequestHandle) {
  const conn = await deps.connection(serverId, handle);
  if (!conn.capabilities.resources) return { serverId, items: [], pages: 0, cache: combineCacheInfo([]) };
  const items: TemplateItem[] = [];
  const caches: CacheInfo[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  do {
    if (pages >= maxTemplatePages) throw appError('protocol', `Server ${serverId} returned more than ${maxTemplatePages} pages of templates.`);
    const params = cursor === undefined ? {} : { cursor };
    // One page at a time: without a cursor, listResourceTemplates() would walk (and cache) the whole list itself.
    const fetch = () => conn.client.request({ method: 'resources/templates/list', params }, { signal: handle.signal, timeout: handle.timeoutMs });
    const { value, cache } = await fetchPage(deps.cache, serverId, cursor, mode, fetch);
    pages++;
    caches.push(cache);
    for (const template of value.resourceTemplates) items.push(toTemplateItem(serverId, template));
    cursor = value.nextCursor;
    if (cursor !== undefined) {
      if (seenCursors.has(cursor)) throw appError('protocol', `Server ${serverId} repeated the templates cursor ${JSON.stringify(cursor.slice(0, 100))}.`);
      seenCursors.add(cursor);
    }
  } while (cursor !== undefined);
  return { serverId, items, pages, cache: combineCacheInfo(caches) };
}

function fetchPage(
  cache: CachePort | undefined,
  serverId: ServerId,
  cursor: string | undefined,
  mode: CacheMode,
  fetch: () => Promise<ListResourceTemplatesResult>
): Promise<{ value: ListResourceTemplatesResult; cache: CacheInfo }> {
  if (cache) return cache.page(serverId, 'resources/templates/list', cursor, mode, fetch);
  return fetch().then(value => ({ value, cache: { state: 'bypass', receivedAt: Date.now() } }));
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

async function reportingFailure<T>(deps: TemplateDeps, serverId: ServerId, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    deps.noteFailure?.(serverId, err);
    throw err;
  }
}
