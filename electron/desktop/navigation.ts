// What the window may do with URLs: it never navigates away from the app and never opens windows.
// A link to an http(s) page goes to the user's browser, vetted; everything else is dropped.
import { vetExternalUrl } from '../../shared/external-url';
import { isAppUrl } from './app-origin';

export interface LinkDecision {
  /** Whether the window itself may follow the URL. */
  allow: boolean;
  /** A vetted URL to hand to shell.openExternal, if any. */
  openExternally: string | null;
}

/** `will-navigate` / `will-redirect`: in-app URLs (reloads) stay, http(s) goes out, the rest is blocked. */
export function decideNavigation(url: string): LinkDecision {
  if (isAppUrl(url)) return { allow: true, openExternally: null };
  return { allow: false, openExternally: vetExternalUrl(url)?.toString() ?? null };
}

/** `setWindowOpenHandler`: never a new window; http(s) links go to the user's browser. */
export function decideWindowOpen(url: string): LinkDecision {
  return { allow: false, openExternally: vetExternalUrl(url)?.toString() ?? null };
}

/** An IPC message is trusted only from the app's own top-level frame. */
export function isTrustedSender(frame: { url: string; isTopFrame: boolean } | null | undefined): boolean {
  return Boolean(frame && frame.isTopFrame && isAppUrl(frame.url));
}
