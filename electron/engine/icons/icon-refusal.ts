// A refused icon: the typed AppError the renderer shows as the placeholder's tooltip, and whether the
// refusal may go away by itself (a timeout, a network failure) or holds for as long as the inputs do.
import type { AppError, AppErrorCode } from '../../../shared/contract';
import { AppErrorException } from '../errors';

export interface IconRefusal {
  error: AppError;
  /** Network trouble: worth trying again later. Policy and content refusals are not. */
  transient: boolean;
}

/** Marks the error as an icon refusal, so a client can tell it from a failed engine call. */
export interface IconRefusalData {
  iconRefused: true;
}

const MAX_REASON = 300;

export function iconRefusal(code: AppErrorCode, reason: string, transient = false): IconRefusal {
  const text = reason.length > MAX_REASON ? `${reason.slice(0, MAX_REASON)}…` : reason;
  const data: IconRefusalData = { iconRefused: true };
  return { error: { code, message: `Icon refused: ${text}`, data }, transient };
}

export function refusalException(refusal: IconRefusal): AppErrorException {
  return new AppErrorException(refusal.error);
}
