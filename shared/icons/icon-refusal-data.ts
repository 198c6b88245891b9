// The `data` of the AppError an `icons.get` refusal carries, shared by the engine (which writes it) and the
// page (which reads it to decide whether to ask again).

export interface IconRefusalData {
  /** Marks the error as an icon refusal, so a client can tell it from a failed engine call. */
  iconRefused: true;
  /** Network trouble (timeout, connection, TLS, HTTP 5xx/429): it may go away by itself. Policy, type and size refusals are final. */
  transient: boolean;
  /** For a transient refusal: after how long (ms) the engine has forgotten it, so asking again fetches anew. */
  retryAfterMs?: number;
}

/** The refusal data of an error's `data`, if it is one (the check is strict: anything else is not). */
export function readIconRefusalData(data: unknown): IconRefusalData | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { iconRefused, transient, retryAfterMs } = data as Record<string, unknown>;
  if (iconRefused !== true || typeof transient !== 'boolean') return undefined;
  if (retryAfterMs !== undefined && !(typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs) && retryAfterMs > 0)) return undefined;
  return { iconRefused, transient, ...(retryAfterMs !== undefined && { retryAfterMs }) };
}
