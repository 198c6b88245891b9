// What each CLI command does, on the same engine (and the same contract methods) as the app.
import type { AppError, ReadResult } from '../../shared/contract';
import type { Engine } from '../engine/engine';
import { appErrorFrom } from '../engine/errors';
import type { CliArgs } from './args';

export interface CommandOutput {
  ok: boolean;
  value: unknown;
}

/** Connects every server (in parallel, each within the timeout) so the statuses printed are settled. */
async function connectAll(engine: Engine, timeoutMs: number): Promise<void> {
  await Promise.all(engine.registry.ids().map(id => engine.registry.get(id).whenReady(timeoutMs).catch(() => undefined)));
}

async function readAll(engine: Engine, serverId: string, uris: string[]): Promise<CommandOutput> {
  if (uris.length === 1) return { ok: true, value: await engine.host.dispatch('resources.read', { serverId, uri: uris[0] }) };
  const results: (ReadResult | { uri: string; error: AppError })[] = [];
  let ok = true;
  for (const uri of uris) {
    try {
      results.push((await engine.host.dispatch('resources.read', { serverId, uri })) as ReadResult);
    } catch (err) {
      ok = false;
      results.push({ uri, error: appErrorFrom(err) });
    }
  }
  return { ok, value: results };
}

export async function runCommand(engine: Engine, args: CliArgs, timeoutMs: number): Promise<CommandOutput> {
  const serverId = args.serverId as string;
  try {
    switch (args.command) {
      case 'servers':
        await connectAll(engine, timeoutMs);
        return { ok: true, value: await engine.host.dispatch('servers.list', {}) };
      case 'details':
        await engine.registry.get(serverId).whenReady(timeoutMs).catch(() => undefined);
        return { ok: true, value: await engine.host.dispatch('servers.details', { serverId }) };
      case 'list':
        return { ok: true, value: await engine.host.dispatch('resources.list', { serverId }) };
      case 'templates':
        return { ok: true, value: await engine.host.dispatch('templates.list', { serverId }) };
      case 'read':
        return await readAll(engine, serverId, args.uris);
      case 'import':
        return { ok: true, value: await engine.host.dispatch('config.import', { path: args.importPath as string }) };
      default:
        throw new Error(`Unhandled command ${String(args.command)}`);
    }
  } catch (err) {
    return { ok: false, value: { error: appErrorFrom(err) } };
  }
}
