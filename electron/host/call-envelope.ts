// Turns one incoming call frame into exactly one reply envelope, whichever carrier brought it (IPC
// in Electron, the WebSocket in browser mode). Nothing thrown here escapes: malformed frames and
// engine failures become error replies with a typed AppError.
import {
  appErrorCodeSchema,
  callEnvelopeSchema,
  describeIssues,
  hostMethodSchemas,
  isHostMethod,
  type AppError,
  type EngineHost,
  type HostMethodName,
  type HostMethodParams,
  type HostMethodResult,
  type HostMethods,
  type ReplyEnvelope
} from '../../shared/contract';


function asAppError(value: unknown): AppError | null {
  if (typeof value !== 'object' || value === null) return null;
  const { code: rawCode, message, rpcCode, data } = value as Record<string, unknown>;
  const code = appErrorCodeSchema.safeParse(rawCode);
  if (!code.success || typeof message !== 'string') return null;
  return { code: code.data, message, ...(typeof rpcCode === 'number' ? { rpcCode } : {}), ...(data !== undefined ? { data } : {}) };
}

/** Whatever a handler threw, as an AppError: typed errors pass through, anything else is `internal`. */
export function replyErrorFor(err: unknown): AppError {
  const direct = asAppError(err);
  if (direct) return direct;
  if (typeof err === 'object' && err !== null) {
    const nested = asAppError((err as { error?: unknown }).error) ?? asAppError((err as { appError?: unknown }).appError);
    if (nested) return nested;
  }
  const message = (err as { message?: unknown } | null)?.message;
  return { code: 'internal', message: typeof message === 'string' ? message : String(err) };
}

/** The id to answer a frame that failed validation with: its own if readable, else -1 (matches no call). */
function readableId(raw: unknown): number {
  const id = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined;
  return typeof id === 'number' && Number.isInteger(id) && id >= 0 ? id : -1;
}

/**
 * Host methods never reach the engine. Browser mode's bridge has none (the page answers them itself) and
 * refuses them with the reply the engine gave while they were in its contract, so its wire is unchanged.
 */
async function callHostMethod<M extends HostMethodName>(hostMethods: HostMethods | undefined, method: M, params: unknown): Promise<HostMethodResult<M>> {
  if (!hostMethods) throw { code: 'unsupported', message: `${method} is not available in this engine` } satisfies AppError;
  return hostMethods[method](carrierParams(method, params));
}

/** `hostMethods`: the host contract as this carrier's host implements it, if it does. */
export async function handleCall(host: EngineHost, raw: unknown, hostMethods?: HostMethods): Promise<ReplyEnvelope> {
  const parsed = callEnvelopeSchema.safeParse(raw);
  if (!parsed.success) {
    const detail = describeIssues(parsed.error, 'frame');
    return { type: 'reply', id: readableId(raw), ok: false, error: { code: 'protocol', message: `Malformed call envelope (${detail})` } };
  }
  const { id, method, params } = parsed.data;
  try {
    const result = isHostMethod(method) ? await callHostMethod(hostMethods, method, params) : await host.dispatch(method, params);
    return { type: 'reply', id, ok: true, result };
  } catch (err) {
    return { type: 'reply', id, ok: false, error: replyErrorFor(err) };
  }
}

/** Validates a host method's params against the host contract, throwing an `invalid_params` AppError. */
function carrierParams<M extends HostMethodName>(method: M, params: unknown): HostMethodParams<M> {
  const parsed = hostMethodSchemas[method].safeParse(params);
  if (!parsed.success) {
    const error: AppError = { code: 'invalid_params', message: `${method}: ${describeIssues(parsed.error, '')}` };
    throw error;
  }
  return parsed.data as HostMethodParams<M>;
}
