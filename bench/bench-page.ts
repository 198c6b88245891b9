// The page a bench drives and the Chromium it runs in, whichever driver opens it (Playwright, or the bare
// protocol client of bare-chromium.ts): page measures take this, so they run under either.

/** Debian's Chromium unless CHROMIUM_PATH names another. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--enable-precise-memory-info'];

/** What page measures need; a Playwright `Page` has the first. */
export interface Evaluates {
  /** A page expression (a string, not a function); a promise it returns is awaited. Its value must be JSON. */
  evaluate<T>(expression: string): Promise<T>;
}

export interface BenchPage extends Evaluates {
  /** Resolves on the page's load event. */
  goto(url: string): Promise<void>;
  /** A DevTools protocol command on the page's own session. */
  send<T>(method: string, params?: object): Promise<T>;
  close(): Promise<void>;
}

export interface BenchBrowser {
  /** A new page of 1280 × 800. */
  newPage(): Promise<BenchPage>;
  close(): Promise<void>;
}
