// `templates.list` (every page of resources/templates/list, each through the cache, walked like resources.list)
// and `completion.complete` (argument completion for a template, only on servers that declare `completions`).
import type { CompletionResult, TemplateItem } from '../../../shared/contract';
import type { ServerRegistry } from '../connections/registry';
import { appError } from '../errors';
import type { HandlerMap } from '../handlers';
import type { EnginePorts } from '../ports';
import type { RequestRegistry } from '../requests';
import { itemText, toTemplateItem } from '../resources/items';
import { walkListMethod } from '../resources/list-walk';
import type { ListLimits } from '../resources/list-walk';

/** The spec caps a completion reply at 100 values; more from a server is cut. */
const maxCompletionValues = 100;
const maxCompletionValueLength = 2000;

export interface TemplateDeps {
  registry: ServerRegistry;
  requests: RequestRegistry;
  ports: EnginePorts;
  listLimits: ListLimits;
}

export function templateHandlers(deps: TemplateDeps): HandlerMap<'templates.list' | 'completion.complete'> {
  const { registry, requests } = deps;
  return {
    'templates.list': ({ serverId, cacheMode }) =>
      requests.run(undefined, handle =>
        registry.use(serverId, handle, live =>
          walkListMethod<TemplateItem>(deps.ports, live, handle, cacheMode ?? 'use', {
            method: 'resources/templates/list',
            itemsKey: 'resourceTemplates',
            map: toTemplateItem,
            weigh: itemText,
            limits: deps.listLimits
          })
        )
      ),
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
