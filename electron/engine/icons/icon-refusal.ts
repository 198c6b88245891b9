// A refused icon: why (code and reason, shown as the placeholder's tooltip), and whether the refusal may
// go away by itself (a timeout, a network failure) or holds for as long as the inputs do.
import type { AppErrorCode } from '../../../shared/contract';
import type { IconRefusalData } from '../../../shared/icons/icon-refusal-data';
import { ICON_REFUSED_PREFIX } from '../../../shared/icons/icon-source';
import { appError, clip, type AppErrorException } from '../errors';

export interface IconRefusal {
  code: AppErrorCode;
  /** Why, after "Icon refused: "; may quote server-supplied text, so it is clipped when sent. */
  reason: string;
  /** Network trouble: worth trying again later. Policy and content refusals are not. */
  transient: boolean;
}

export function iconRefusal(code: AppErrorCode, reason: string, transient = false): IconRefusal {
  return { code, reason, transient };
}

/** The error `icons.get` fails with; a transient one says in how long (ms) the engine will have forgotten it. */
export function refusalException(refusal: IconRefusal, retryAfterMs: number): AppErrorException {
  const data: IconRefusalData = { iconRefused: true, transient: refusal.transient, ...(refusal.transient && { retryAfterMs }) };
  return appError(refusal.code, `${ICON_REFUSED_PREFIX}${clip(refusal.reason)}`, { data });
}
