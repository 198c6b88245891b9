// Turns one incoming call frame into exactly one reply envelope, whichever carrier brought it (IPC
// in Electron, the WebSocket in browser mode). Nothing thrown here escapes: malformed frames and
// engine failures become error replies with a typed AppError.
import {
  appErrorCodeSchema,
  callEnvelopeSchema,
  describeIssues,
  methodSchemas,
  type AppError,
  type EngineHost,
  type MethodName,
  type MethodResult,
  type ParsedParams,
  type ReplyEnvelope
} from '../../shared/contract';

/** Methods a carrier answers itself because only it can (e.g. opening a link in the user's browser). */
export type CarrierMethods = { [M in MethodName]?: (params: unknown) => Promise<MethodResult<M>> };

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

export async function handleCall(host: EngineHost, raw: unknown, carrierMethods: CarrierMethods = {}): Promise<ReplyEnvelope> {
  const parsed = callEnvelopeSchema.safeParse(raw);
  if (!parsed.success) {
    const detail = describeIssues(parsed.error, 'frame');
    return { type: 'reply', id: readableId(raw), ok: false, error: { code: 'protocol', message: `Malformed call envelope (${detail})` } };
  }
  const { id, method, params } = parsed.data;
  try {
    const own = Object.hasOwn(carrierMethods, method) ? carrierMethods[method as MethodName] : undefined;
    const result = own ? await own(params) : await host.dispatch(method, params);
    return { type: 'reply', id, ok: true, result };
  } catch (err) {
    return { type: 'reply', id, ok: false, error: replyErrorFor(err) };
  }
}

/** Validates a carrier method's params against the contract, throwing an `invalid_params` AppError. */
export function carrierParams<M extends MethodName>(method: M, params: unknown): ParsedParams<M> {
  const parsed = methodSchemas[method].safeParse(params);
  if (!parsed.success) {
    const error: AppError = { code: 'invalid_params', message: `${method}: ${describeIssues(parsed.error, '')}` };
    throw error;
  }
  return parsed.data as ParsedParams<M>;
}
