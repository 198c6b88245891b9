// Chromium driven over the DevTools protocol with nothing enabled but what a bench asks for. Playwright (and
// Puppeteer) enable the Network domain on every page they drive, so every WebSocket frame the page receives is
// copied to the driver as a CDP event: at a million resources that is ~150 MB of frames re-encoded by the
// renderer, passed on by the browser process and parsed by the bench's own Node process, on the same two cores
// as the app. Measured on one 1M listing (2026-12-04): the renderer used 10.6 s of CPU under Playwright and
// 6.7–7.1 s here, the browser process 3.0 s and ~0.95 s, the bench process 3.1–3.3 s and 0.1–0.2 s. A user's
// window has no such driver attached, so the listing benches drive this one. The protocol client is the few
// lines below over `ws` (already a dependency): `chrome-remote-interface` would add a second, older `ws`.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { CHROMIUM_ARGS, CHROMIUM_PATH, type BenchBrowser, type BenchPage } from './bench-page';

interface Reply {
  id?: number;
  method?: string;
  sessionId?: string;
  result?: unknown;
  error?: { message: string };
}

const VIEWPORT = { width: 1280, height: 800 };
/** A deadline for a page that never loads, not a speed check: fifty servers starting slow a 2-core machine's page load. */
const LOAD_TIMEOUT_MS = 120_000;

/** Reads the `DevTools listening on ws://…` line Chromium prints once its protocol endpoint is up. */
function endpointOf(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let printed = '';
    const onData = (chunk: Buffer) => {
      printed += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(printed);
      if (match) {
        // Still read (and dropped) after this, so Chromium never blocks on a full pipe.
        child.stderr?.off('data', onData).resume();
        resolve(match[1]);
      }
    };
    child.stderr?.on('data', onData);
    child.once('error', err => reject(new Error(`Chromium could not be started from ${CHROMIUM_PATH} (set CHROMIUM_PATH): ${err.message}`)));
    child.once('exit', code => reject(new Error(`Chromium exited (${code}) before its DevTools endpoint was up:\n${printed.slice(-2000)}`)));
  });
}

/** `after - before` per process type of `cpuMsByType` (a type new since counts from zero). */
export const cpuSince = (before: Record<string, number>, after: Record<string, number>): Record<string, number> =>
  Object.fromEntries(Object.entries(after).map(([type, ms]) => [type, ms - (before[type] ?? 0)]));

export class BareChromium implements BenchBrowser {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly listeners = new Set<(message: Reply) => void>();

  private constructor(
    private readonly child: ChildProcess,
    private readonly socket: WebSocket,
    private readonly profileDir: string
  ) {
    socket.on('message', data => {
      const message = JSON.parse(String(data)) as Reply;
      if (message.id !== undefined) {
        const waiter = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) waiter?.reject(new Error(message.error.message));
        else waiter?.resolve(message.result);
      } else for (const listener of this.listeners) listener(message);
    });
    // A crashed Chromium fails what waits on it instead of leaving the bench hanging (the close follows an error).
    socket.on('error', () => undefined);
    socket.on('close', () => {
      for (const waiter of this.pending.values()) waiter.reject(new Error("Chromium's DevTools connection closed"));
      this.pending.clear();
    });
  }

  static async launch(): Promise<BareChromium> {
    const profileDir = await mkdtemp(path.join(tmpdir(), 'bench-chromium-'));
    const args = [...CHROMIUM_ARGS, '--headless', `--user-data-dir=${profileDir}`, '--remote-debugging-port=0', 'about:blank'];
    const child = spawn(CHROMIUM_PATH, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      const socket = new WebSocket(await endpointOf(child), { perMessageDeflate: false, maxPayload: 2 ** 30 });
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      return new BareChromium(child, socket, profileDir);
    } catch (err) {
      child.kill('SIGKILL');
      await rm(profileDir, { recursive: true, force: true });
      throw err;
    }
  }

  /** One protocol command, to the browser or (with `sessionId`) to one page. */
  send<T>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    if (this.socket.readyState !== WebSocket.OPEN) return Promise.reject(new Error(`${method}: Chromium's DevTools connection is closed`));
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: value => resolve(value as T), reject });
      this.socket.send(JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) }));
    });
  }

  private nextEvent(method: string, sessionId: string): Promise<void> {
    return new Promise(resolve => {
      const listener = (message: Reply) => {
        if (message.method !== method || message.sessionId !== sessionId) return;
        this.listeners.delete(listener);
        resolve();
      };
      this.listeners.add(listener);
    });
  }

  /** A page in a context of its own (no cache, storage or cookies from another page), as Playwright's `newPage`. */
  async newPage(): Promise<BenchPage> {
    const { browserContextId } = await this.send<{ browserContextId: string }>('Target.createBrowserContext');
    const { targetId } = await this.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank', browserContextId });
    const { sessionId } = await this.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    await this.send('Emulation.setDeviceMetricsOverride', { ...VIEWPORT, deviceScaleFactor: 1, mobile: false }, sessionId);
    // Only the Page domain, for its load event: no Network, no Runtime events.
    await this.send('Page.enable', {}, sessionId);
    return {
      goto: async url => {
        const loaded = this.nextEvent('Page.loadEventFired', sessionId);
        const { errorText } = await this.send<{ errorText?: string }>('Page.navigate', { url }, sessionId);
        if (errorText) throw new Error(`navigating to ${url}: ${errorText}`);
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${url} did not load in ${LOAD_TIMEOUT_MS / 1000} s`)), LOAD_TIMEOUT_MS)));
        await Promise.race([loaded, late]).finally(() => clearTimeout(timer));
      },
      evaluate: async <T>(expression: string) => {
        const reply = await this.send<{ result: { value?: unknown }; exceptionDetails?: { exception?: { description?: string }; text: string } }>(
          'Runtime.evaluate',
          { expression, awaitPromise: true, returnByValue: true },
          sessionId
        );
        if (reply.exceptionDetails) throw new Error(reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text);
        return reply.result.value as T;
      },
      send: <T>(method: string, params?: object) => this.send<T>(method, params, sessionId),
      close: async () => void (await this.send('Target.disposeBrowserContext', { browserContextId }))
    };
  }

  /** CPU ms of Chromium's live processes so far, by type (browser, renderer, GPU, utility). */
  async cpuMsByType(): Promise<Record<string, number>> {
    const { processInfo } = await this.send<{ processInfo: { type: string; cpuTime: number }[] }>('SystemInfo.getProcessInfo');
    const byType: Record<string, number> = {};
    for (const p of processInfo) byType[p.type] = (byType[p.type] ?? 0) + p.cpuTime * 1000;
    return byType;
  }

  async close(): Promise<void> {
    this.socket.close();
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise(resolve => this.child.once('exit', resolve));
      this.child.kill();
      await exited;
    }
    // Its helper processes may still be writing the profile for a moment after the main one has exited.
    await rm(this.profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}
