// Local servers wait while the page draws its first screen. On a warm start the page shows every server's last
// known list before any has connected, and fifty Node servers booting at once took the two cores from it: with
// 50 × 2,000 their lists were on screen 3.1–4.3 s after the page opened, 2.4–2.7 s with the boots held back (and
// all fifty connected no later). The page says when its first screen is drawn (`app.firstScreenShown`); a page that
// never says so (none is open, or it failed) is waited for `maxMs` at most. Held only where it pays: there are last
// known lists to draw, and more local servers than boot at once. One or two servers start at once as always.
export interface FirstScreenHold {
  /** Settles when local servers may start; undefined when nothing is held. */
  readonly held?: Promise<void>;
  /** The first screen is drawn: start them. Returns whether anything was still held. */
  release(): boolean;
}

export function firstScreenHold(hold: boolean, maxMs: number): FirstScreenHold {
  if (!hold) return { release: () => false };
  let open: (() => void) | undefined;
  const held = new Promise<void>(resolve => (open = resolve));
  const timer = setTimeout(() => release(), maxMs);
  // A host that closes the engine early is not kept alive by the hold.
  timer.unref();
  function release(): boolean {
    if (!open) return false;
    clearTimeout(timer);
    open();
    open = undefined;
    return true;
  }
  return { held, release };
}
