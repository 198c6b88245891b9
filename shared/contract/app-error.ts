// The typed error every failed engine call carries. The code list is a zod enum so that a host reading
// an error back from something thrown checks it against the same list the type is made of.
import * as z from 'zod';

/** Stable codes that drive UI decisions. */
export const appErrorCodeSchema = z.enum([
  'not_found',
  'invalid_params',
  'internal',
  'timeout',
  'cancelled',
  'transport',
  /** The server needs sign-in, or more scope than the token carries (see `ServerState.auth`). */
  'unauthorized',
  'protocol',
  'input_required',
  'too_large',
  'config',
  'unknown_server',
  'unsupported',
  'unknown'
]);

export type AppErrorCode = z.infer<typeof appErrorCodeSchema>;

/** Typed app errors. `code` is stable and drives UI decisions; `rpcCode` is the JSON-RPC code if any. */
export interface AppError {
  code: AppErrorCode;
  message: string;
  rpcCode?: number;
  /** Extra detail from the server (e.g. `{ uri }` for not found), untrusted. */
  data?: unknown;
}
