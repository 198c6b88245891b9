// Maps everything that can go wrong (SDK errors, JSON-RPC errors from servers, Node and fetch failures,
// our own refusals) to the contract's typed `AppError`, so the UI decides on a stable `code`.
import { InsufficientScopeError, ProtocolError, ProtocolErrorCode, ResourceNotFoundError, SdkError, SdkErrorCode, UnauthorizedError } from '@modelcontextprotocol/client';
import type { AppError, AppErrorCode } from '../../shared/contract';

/** An error that already carries its typed app error; thrown inside the engine, mapped 1:1 at the edge. */
export class AppErrorException extends Error {
  constructor(
    readonly error: AppError,
    options?: ErrorOptions
  ) {
    super(error.message, options);
    this.name = 'AppErrorException';
  }
}

/** `cause`: the failure this one words, kept so what reads the chain (connect-failure.ts) still finds it. */
export function appError(code: AppErrorCode, message: string, extra: Omit<AppError, 'code' | 'message'> = {}, cause?: unknown): AppErrorException {
  return new AppErrorException({ code, message, ...extra }, cause === undefined ? undefined : { cause });
}

/** Server-supplied text is untrusted: keep messages short enough for a banner and a log line. */
const MAX_MESSAGE = 500;
export function clip(text: string): string {
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}

/** Code the oversize guard uses for the error response it substitutes for a dropped message. */
export const RPC_TOO_LARGE = -32099;

/**
 * "Resource not found", by the SDK's own rule: `ProtocolError.fromError` rebuilds a `ResourceNotFoundError` for a
 * -32602 whose data is exactly `{ uri }` (any other -32602, e.g. the sandbox's `{ uri, reason }` refusal, is plain
 * invalid params), and for the legacy -32002 with `data.uri`. A bare -32002 is "not found" too (2025 servers).
 */
function isResourceNotFound(err: ProtocolError): boolean {
  if (err.code === ProtocolErrorCode.ResourceNotFound) return true;
  return ResourceNotFoundError.isInstance(err) || ResourceNotFoundError.isInstance(ProtocolError.fromError(err.code, err.message, err.data));
}

/** Maps a JSON-RPC error; the server's message is kept as it came, clipped. */
function fromProtocolError(err: ProtocolError): AppError {
  const base = { rpcCode: err.code, message: clip(err.message), ...(err.data !== undefined && { data: err.data }) };
  if (isResourceNotFound(err)) return { code: 'not_found', ...base };
  if (err.code === ProtocolErrorCode.InvalidParams) return { code: 'invalid_params', ...base };
  if (err.code === ProtocolErrorCode.InternalError) return { code: 'internal', ...base };
  if (err.code === ProtocolErrorCode.MethodNotFound) return { code: 'unsupported', ...base };
  if (err.code === ProtocolErrorCode.MissingRequiredClientCapability) return { code: 'input_required', ...base };
  if (err.code === RPC_TOO_LARGE) return { code: 'too_large', ...base };
  return { code: 'protocol', ...base };
}

/** A page request whose cursor the server no longer accepts (spec, pagination: -32602, e.g. after a restart). */
export function isRejectedCursor(err: unknown, cursor: string | undefined): boolean {
  return cursor !== undefined && err instanceof ProtocolError && err.code === ProtocolErrorCode.InvalidParams;
}

const sdkCodeMap: Partial<Record<SdkErrorCode, AppErrorCode>> = {
  [SdkErrorCode.RequestTimeout]: 'timeout',
  [SdkErrorCode.NotConnected]: 'transport',
  [SdkErrorCode.ConnectionClosed]: 'transport',
  [SdkErrorCode.SendFailed]: 'transport',
  [SdkErrorCode.EraNegotiationFailed]: 'transport',
  [SdkErrorCode.ClientHttpAuthentication]: 'unauthorized',
  [SdkErrorCode.ClientHttpForbidden]: 'transport',
  [SdkErrorCode.ClientHttpNotImplemented]: 'transport',
  [SdkErrorCode.ClientHttpUnexpectedContent]: 'transport',
  [SdkErrorCode.ClientHttpFailedToOpenStream]: 'transport',
  [SdkErrorCode.ClientHttpFailedToTerminateSession]: 'transport',
  [SdkErrorCode.InvalidResult]: 'protocol',
  [SdkErrorCode.UnsupportedResultType]: 'protocol',
  [SdkErrorCode.ListPaginationExceeded]: 'protocol',
  [SdkErrorCode.InputRequiredRoundsExceeded]: 'input_required',
  [SdkErrorCode.MethodNotSupportedByProtocolVersion]: 'unsupported',
  [SdkErrorCode.CapabilityNotSupported]: 'unsupported'
};

/** Node / undici failures that mean "could not reach or lost the server". */
const transportErrnos = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOENT', 'EACCES', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'EAI_AGAIN', 'UND_ERR_SOCKET']);

function errnoOf(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** What went wrong, as the contract's typed error: SDK, JSON-RPC, Node and fetch failures mapped to a code. */
export function appErrorFrom(err: unknown): AppError {
  if (err instanceof AppErrorException) return err.error;
  if (err instanceof ProtocolError) return fromProtocolError(err);
  if (err instanceof InsufficientScopeError) {
    return { code: 'unauthorized', message: clip(`The server needs more access${err.requiredScope ? ` (scope "${err.requiredScope}")` : ''}: sign in again to grant it`) };
  }
  if (err instanceof UnauthorizedError) return { code: 'unauthorized', message: clip(err.message || 'The server needs sign-in') };
  if (err instanceof SdkError) {
    const code = sdkCodeMap[err.code] ?? 'unknown';
    const status = (err.data as { status?: unknown } | undefined)?.status;
    return { code, message: clip(err.message), ...(typeof status === 'number' && { data: { status } }) };
  }
  if (err instanceof Error) {
    if (err.name === 'AbortError') return { code: 'cancelled', message: 'Request cancelled' };
    const errno = errnoOf(err);
    if ((errno && transportErrnos.has(errno)) || err.message === 'fetch failed' || err.message === 'Not connected') {
      return { code: 'transport', message: clip(errno && !err.message.includes(errno) ? `${err.message} (${errno})` : err.message) };
    }
    return { code: 'unknown', message: clip(err.message) };
  }
  return { code: 'unknown', message: clip(String(err)) };
}

/** `err` as the exception the engine's edge expects, keeping one that already carries its typed error. */
export function appErrorExceptionFrom(err: unknown): AppErrorException {
  return err instanceof AppErrorException ? err : new AppErrorException(appErrorFrom(err));
}
