// Test support (used by *.test.ts only): engines on temp dirs and waiting for engine events. `cleanup()`
// closes the engines, removes the dirs and kills every HTTP reference server the test file left running.
// Stdio servers are config entries (referenceServerEntry, the app's own), which the engines spawn.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineEvents, EventName, ServerConfigEntry, StdioServerConfig } from '../../shared/contract';
import { createEngine } from '../../electron/engine/engine';
import type { Engine, EngineOptions } from '../../electron/engine/engine';
import type { EventBus } from '../../electron/engine/event-bus';
import { killRunningReferenceServers } from '../reference-server/http-server';

/** A stdio "server" that is not one: it prints to stderr and exits, to show failures stay isolated. */
export function crashingStdio(message = 'fatal: cannot start'): StdioServerConfig {
  return { command: process.execPath, args: ['-e', `console.error(${JSON.stringify(message)}); process.exit(3)`] };
}

const dirs = new Set<string>();
const engines = new Set<Engine>();

export async function tempDir(prefix = 'mrb-engine-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  dirs.add(dir);
  return dir;
}

/**
 * An engine on a fresh temp data dir whose servers are exactly `servers` (no config file), or the
 * embedded default when `servers` is 'embedded-default'.
 */
export async function engineWith(servers: Record<string, ServerConfigEntry> | 'embedded-default', options: EngineOptions = {}): Promise<Engine> {
  const dir = options.dataDir ?? (await tempDir());
  const engine = await createEngine({
    configPath: join(dir, 'config.json'),
    dataDir: dir,
    backoff: { baseMs: 100, capMs: 1000 },
    ...(servers !== 'embedded-default' && { defaults: () => servers }),
    ...options
  });
  engines.add(engine);
  return engine;
}

/** Resolves with the first payload of `event` that satisfies `predicate` (events before the call count not). */
export function nextEvent<E extends EventName>(bus: EventBus, event: E, predicate: (payload: EngineEvents[E]) => boolean, timeoutMs = 20_000): Promise<EngineEvents[E]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`timed out waiting for ${event}`));
    }, timeoutMs);
    const off = bus.on(event, payload => {
      if (!predicate(payload)) return;
      clearTimeout(timer);
      off();
      resolve(payload);
    });
  });
}

/** Waits until `serverId` reports `status` (resolving at once if it already does). */
export async function statusOf(engine: Engine, serverId: string, status: string, timeoutMs = 20_000) {
  const waiting = nextEvent(engine.bus, 'serverState', s => s.id === serverId && s.status === status, timeoutMs);
  const now = engine.registry.get(serverId).snapshot();
  if (now.status === status) {
    waiting.catch(() => undefined);
    return now;
  }
  return waiting;
}

export async function cleanup(): Promise<void> {
  await Promise.all([...engines].map(e => e.close()));
  engines.clear();
  await killRunningReferenceServers();
  await Promise.all([...dirs].map(d => rm(d, { recursive: true, force: true })));
  dirs.clear();
}
