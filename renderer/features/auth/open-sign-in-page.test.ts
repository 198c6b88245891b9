import { describe, expect, it } from 'vitest';
import { openSignInPage } from './open-sign-in-page';

/** A window whose `open` behaves as the browser's would: a new tab, or null when a popup blocker refuses. */
function fakeWindow(blocked: boolean) {
  const opened: { args: unknown[]; tab: { opener: unknown; replaced?: string; location: { replace(url: string): void } } }[] = [];
  return {
    opened,
    open(...args: unknown[]) {
      if (blocked) return null;
      const tab = { opener: 'the app' as unknown, replaced: undefined as string | undefined, location: { replace: (url: string) => (tab.replaced = url) } };
      opened.push({ args, tab });
      return tab as unknown as Window;
    }
  };
}

describe('openSignInPage', () => {
  it('opens a blank tab, cuts it from the page, then sends it to the sign-in URL', () => {
    const win = fakeWindow(false);
    expect(openSignInPage(win, 'https://as.example/authorize?client_id=a')).toBe('opened');
    expect(win.opened).toHaveLength(1);
    expect(win.opened[0].args).toEqual(['about:blank', '_blank']);
    expect(win.opened[0].tab.opener).toBeNull();
    expect(win.opened[0].tab.replaced).toBe('https://as.example/authorize?client_id=a');
  });

  it('tells a popup blocker apart', () => {
    expect(openSignInPage(fakeWindow(true), 'https://as.example/authorize')).toBe('blocked');
  });

  it('refuses anything but an http(s) URL without credentials, and opens nothing', () => {
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'https://user:pw@as.example/', 'not a url']) {
      const win = fakeWindow(false);
      expect(openSignInPage(win, url)).toBe('refused');
      expect(win.opened).toHaveLength(0);
    }
  });
});
