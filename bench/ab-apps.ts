// The A/B benches' shared part: this checkout's browser mode and another checkout's (the baseline), each
// listing the same steady HTTP reference server. The baseline runs its own `electron/bridge/main.ts` with its own
// tsx (the baseline commit predates the Node bundles), so it needs its node_modules and a built dist/renderer.
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { rawSdkLoop, warmApp, withSteadyBench } from './picker-app';
import { launchChromium } from './picker-browser';

export function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

async function launchBaseline(dir: string, configPath: string, dataDir: string): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(dir, 'electron', 'bridge', 'main.ts'), '--port', '0', '--no-open', '--config', configPath, '--data-dir', dataDir], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'inherit']
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const open = /^Open: (\S+)$/m.exec(out);
      if (open) resolve(open[1]);
    });
    child.on('exit', code => reject(new Error(`the baseline's browser mode exited (${code}) before printing Open:`)));
  });
  return { url, stop: () => child.kill() };
}

export interface AbApps {
  browser: Browser;
  /** The page URL of each app. */
  urls: { baseline: string; this: string };
  /** Items the server lists (the raw SDK loop's count). */
  expected: number;
  /** Stops one app and starts it again on a new data directory (no cache, no last known lists); its new URL. */
  restart(name: 'baseline' | 'this'): Promise<string>;
}

type Running = { url: string; stop(): Promise<void> | void };

/** Runs `measure` with both apps up beside one server of `resources` items (500 a page), then stops everything. */
export async function withAbApps(options: { baseline: string; resources: number; tempPrefix: string; listFirst: boolean }, measure: (apps: AbApps) => Promise<void>): Promise<void> {
  await withSteadyBench(options.resources, 500, options.tempPrefix, launchChromium, async ({ server, browser, dataDir, configPath }) => {
    const expected = (await rawSdkLoop(server.url)).items.length;
    let launches = 0;
    const start = {
      baseline: (): Promise<Running> => launchBaseline(path.resolve(options.baseline), configPath, path.join(dataDir, `baseline-${++launches}`)),
      this: async (): Promise<Running> => {
        const app = await warmApp(configPath, dataDir, expected, { listFirst: options.listFirst });
        app.engine.close();
        return { url: app.bridge.url, stop: () => app.bridge.stop() };
      }
    };
    const running: Partial<Record<'baseline' | 'this', Running>> = {};
    try {
      running.baseline = await start.baseline();
      running.this = await start.this();
      const urls = { baseline: running.baseline.url, this: running.this.url };
      const restart = async (name: 'baseline' | 'this') => {
        await running[name]?.stop();
        running[name] = undefined;
        running[name] = await start[name]();
        return (urls[name] = running[name].url);
      };
      await measure({ browser, urls, expected, restart });
    } finally {
      for (const app of Object.values(running)) await app?.stop();
    }
  });
}
