// The floor of the many-servers case: the same second launch through the engine alone, no page (a Node process
// running `createEngine` on the data dir the app's launches left). Every server connected, then its list walked
// (`resources.list`), as the page would ask. What the app takes beyond this is the page's share of the machine.
import { readdirSync, readFileSync } from 'node:fs';
import { createEngine } from '../../electron/engine/engine';

export interface EngineFleetRun {
  allConnectedMs: number;
  allListedMs: number;
  /** Median CPU (user + system) of one reference server process, ms, read from /proc before they stop; undefined off Linux. */
  medianServerCpuMs?: number;
}

const CLOCK_TICK_MS = 10;

/**
 * CPU ms of each reference server this process started (Linux /proc; the bench's Chromium is a child too, and is
 * left out by its command line); empty where there is no /proc.
 */
function serverCpuMs(): number[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter(name => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const cpu: number[] = [];
  for (const pid of pids) {
    try {
      // Fields after the command's closing parenthesis: state, ppid, ..., utime (12th), stime (13th).
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(fields[1]) !== process.pid || !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('reference-server')) continue;
      cpu.push((Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS);
    } catch {
      // A process that ended while being read.
    }
  }
  return cpu;
}

export async function engineFleet(configPath: string, dataDir: string, timeoutMs: number): Promise<EngineFleetRun> {
  const started = performance.now();
  // No page will say it has drawn anything: nothing is held for one.
  const engine = await createEngine({ configPath, dataDir, firstScreenHoldMs: 0 });
  try {
    const ids = engine.registry.list().map(s => s.id);
    const connected = new Map<string, number>();
    const listed = new Map<string, number>();
    await new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error(`engine fleet: ${listed.size} of ${ids.length} listed within ${timeoutMs} ms`)), timeoutMs);
      const check = () => {
        for (const s of engine.registry.list()) {
          if (s.status !== 'connected' || connected.has(s.id)) continue;
          connected.set(s.id, performance.now() - started);
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
      check();
    });
    const cpu = serverCpuMs().sort((a, b) => a - b);
    return {
      allConnectedMs: Math.max(...connected.values()),
      allListedMs: Math.max(...listed.values()),
      ...(cpu.length > 0 && { medianServerCpuMs: cpu[cpu.length >> 1] })
    };
  } finally {
    await engine.close();
  }
}
