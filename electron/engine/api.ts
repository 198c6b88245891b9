// The engine side of the contract: one EngineHost whatever the carrier (Electron IPC, browser-mode
// socket, CLI). Params are validated here, once, with the contract's zod schemas; every failure leaves
// as an `AppErrorException` carrying a typed AppError.
import { describeIssues, methodSchemas } from '../../shared/contract';
import type { EngineHost, MethodName } from '../../shared/contract';
import type { ConfigReloader } from './config/reload';
import type { ConfigStore } from './config/store';
import { configHandlers } from './config/handlers';
import { serverHandlers } from './connections/handlers';
import type { ServerRegistry } from './connections/registry';
import { AppErrorException, appError, appErrorExceptionFrom } from './errors';
import type { EventBus } from './event-bus';
import type { Handler, HandlerMap } from './handlers';
import type { EnginePorts } from './ports';
import type { RequestRegistry } from './requests';
import { resourceHandlers } from './resources/handlers';
import type { LastKnownAnswers } from './resources/last-known-list';
import { templateHandlers } from './templates/handlers';
import type { ListLimits } from './resources/list-walk';

export interface ApiDeps {
  bus: EventBus;
  registry: ServerRegistry;
  config: ConfigStore;
  configReloader: ConfigReloader;
  requests: RequestRegistry;
  ports: EnginePorts;
  listLimits: ListLimits;
  maxContentBytes: number;
  lastKnown: LastKnownAnswers;
}

type AnyHandlerMap = Partial<HandlerMap>;

/** Merges handler maps; two modules claiming one method is a wiring bug, caught at startup. */
function mergeHandlerMaps(maps: AnyHandlerMap[]): AnyHandlerMap {
  const merged: Record<string, unknown> = {};
  for (const map of maps) {
    for (const [method, handler] of Object.entries(map)) {
      if (method in merged) throw new Error(`Two engine modules implement ${method}`);
      merged[method] = handler;
    }
  }
  return merged as AnyHandlerMap;
}

function coreHandlers(deps: ApiDeps): AnyHandlerMap[] {
  return [
    serverHandlers(deps.registry, deps.config),
    configHandlers(deps.config, deps.registry, deps.configReloader),
    resourceHandlers(deps),
    templateHandlers(deps),
    { 'request.cancel': async ({ requestId }) => ({ cancelled: deps.requests.cancel(requestId) }) } satisfies HandlerMap<'request.cancel'>
  ];
}

/** `featureHandlers`: the handler maps of the feature modules wired in engine.ts. */
export function createApi(deps: ApiDeps, featureHandlers: AnyHandlerMap[] = []): EngineHost {
  const handlers = mergeHandlerMaps([...coreHandlers(deps), ...featureHandlers]);
  return {
    async dispatch(method: string, params: unknown): Promise<unknown> {
      if (!Object.hasOwn(methodSchemas, method)) throw appError('unsupported', `Unknown method: ${method.slice(0, 100)}`);
      const name = method as MethodName;
      const handler = handlers[name] as Handler<MethodName> | undefined;
      if (!handler) throw appError('unsupported', `${name} is not available in this engine`);
      const parsed = methodSchemas[name].safeParse(params ?? {});
      if (!parsed.success) {
        throw appError('invalid_params', `${name}: ${describeIssues(parsed.error, 'params')}`);
      }
      try {
        return await handler(parsed.data as never);
      } catch (err) {
        throw whereItFailed(appErrorExceptionFrom(err), name, parsed.data);
      }
    },
    subscribe: listener => deps.bus.subscribe(listener)
  };
}

/**
 * A timeout says where it happened: which call to which server (the SDK's own message is only "Request
 * timed out"), so the page can show it next to a retry.
 */
function whereItFailed(exception: AppErrorException, method: MethodName, params: unknown): AppErrorException {
  const serverId = (params as { serverId?: unknown }).serverId;
  const error = exception.error;
  if (error.code !== 'timeout' || typeof serverId !== 'string' || error.message.includes(serverId)) return exception;
  return new AppErrorException({ ...error, message: `${method} on ${serverId}: ${error.message}` });
}
