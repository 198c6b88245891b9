// Browser mode: the engine asks the page (the `authUrl` event) to open a sign-in page, since only the page can
// open a tab in the user's browser. The tab must not be able to reach back into the app, and a popup blocker
// must be told apart from success so the page can offer the URL as a link instead.
import { vetExternalUrl } from '../../../shared/external-url';

export type SignInPageOutcome = 'opened' | 'blocked' | 'refused';

export function openSignInPage(win: Pick<Window, 'open'>, url: string): SignInPageOutcome {
  const vetted = vetExternalUrl(url);
  if (!vetted) return 'refused';
  // `window.open(url, '_blank', 'noopener')` answers null whether or not the tab opened, which hides a popup
  // blocker. So the tab is opened blank, cut from this page (no opener) before it leaves it, then sent on; the
  // page's `no-referrer` policy keeps the app's URL (and its token) out of the request.
  const tab = win.open('about:blank', '_blank');
  if (!tab) return 'blocked';
  tab.opener = null;
  tab.location.replace(vetted.href);
  return 'opened';
}
