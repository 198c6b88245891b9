// The floor of the many-servers case: the same second launch through the engine alone, no page (a Node process
// running `createEngine` on the data dir the app's launches left). Every server connected, then its list walked
// (`resources.list`) when the page would ask for it: at once for a server with no last known list, and for one with
// a last known list once `app.launchSettled` has answered (launch-settled.ts). What the app takes beyond this is the
// page's share of the machine.
import { createEngine } from '../../electron/engine/engine';
import { childrenCpuMs } from './process-cpu';

export interface EngineFleetRun {
  allConnectedMs: number;
  allListedMs: number;
  /** Median CPU (user + system) of one reference server process, ms, read from /proc before they stop; undefined off Linux. */
  medianServerCpuMs?: number;
}

export async function engineFleet(configPath: string, dataDir: string, timeoutMs: number): Promise<EngineFleetRun> {
  const started = performance.now();
  // No page will say it has drawn anything: nothing is held for one.
  const engine = await createEngine({ configPath, dataDir, firstScreenHoldMs: 0 });
  try {
    const ids = engine.registry.list().map(s => s.id);
    const known = new Set((await Promise.all(ids.map(async id => ((await engine.host.dispatch('resources.lastKnown', { serverId: id })) ? id : undefined)))).filter(id => id !== undefined));
    let settled = false;
    const connected = new Map<string, number>();
    const asked = new Set<string>();
    const listed = new Map<string, number>();
    await new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error(`engine fleet: ${listed.size} of ${ids.length} listed within ${timeoutMs} ms`)), timeoutMs);
      const check = () => {
        for (const s of engine.registry.list()) {
          if (s.status !== 'connected') continue;
          if (!connected.has(s.id)) connected.set(s.id, performance.now() - started);
          if (asked.has(s.id) || (known.has(s.id) && !settled)) continue;
          asked.add(s.id);
          engine.host.dispatch('resources.list', { serverId: s.id }).then(() => {
            listed.set(s.id, performance.now() - started);
            if (listed.size === ids.length) {
              clearTimeout(deadline);
              resolve();
            }
          }, reject);
        }
      };
      engine.bus.on('serverState', check);
      engine.host.dispatch('app.launchSettled', {}).then(() => {
        settled = true;
        check();
      }, reject);
      check();
    });
    // The reference servers this process started (the bench's Chromium is a child too, left out by its command line).
    const cpu = childrenCpuMs(process.pid, 'reference-server').sort((a, b) => a - b);
    return {
      allConnectedMs: Math.max(...connected.values()),
      allListedMs: Math.max(...listed.values()),
      ...(cpu.length > 0 && { medianServerCpuMs: cpu[cpu.length >> 1] })
    };
  } finally {
    await engine.close();
  }
}
