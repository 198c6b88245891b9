// A refused icon: the typed AppError the renderer shows as the placeholder's tooltip, and whether the
// refusal may go away by itself (a timeout, a network failure) or holds for as long as the inputs do.
import type { AppError, AppErrorCode } from '../../../shared/contract';
import type { IconRefusalData } from '../../../shared/picker/icon-refusal-data';
import { ICON_REFUSED_PREFIX } from '../../../shared/picker/icon-source';
import { AppErrorException } from '../errors';

export interface IconRefusal {
  error: AppError;
  /** Network trouble: worth trying again later. Policy and content refusals are not. */
  transient: boolean;
}

const MAX_REASON = 300;

export function iconRefusal(code: AppErrorCode, reason: string, transient = false): IconRefusal {
  const text = reason.length > MAX_REASON ? `${reason.slice(0, MAX_REASON)}…` : reason;
  const data: IconRefusalData = { iconRefused: true, transient };
  return { error: { code, message: `${ICON_REFUSED_PREFIX}${text}`, data }, transient };
}

/** The error `icons.get` fails with; a transient one says when the engine will have forgotten it. */
export function refusalException(refusal: IconRefusal, transientTtlMs: number): AppErrorException {
  const data: IconRefusalData = { iconRefused: true, transient: refusal.transient, ...(refusal.transient && { retryAfterMs: transientTtlMs }) };
  return new AppErrorException({ ...refusal.error, data });
}
