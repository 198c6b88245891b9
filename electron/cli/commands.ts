// What each CLI command does, on the same engine (and the same contract methods) as the app.
import type { AppError, MethodName, ReadResult, SubscriptionInfo } from '../../shared/contract';
import { withSignIn } from '../engine/auth/with-sign-in';
import type { Engine } from '../engine/engine';
import { appErrorFrom } from '../engine/errors';
import type { CliArgs, CompletionAsk } from './args';

export interface CommandOutput {
  ok: boolean;
  value: unknown;
}

/** Connects every server (in parallel, each within the timeout) so the statuses printed are settled. */
async function connectAll(engine: Engine, timeoutMs: number): Promise<void> {
  await Promise.all(engine.registry.ids().map(id => engine.registry.get(id).whenReady(timeoutMs).catch(() => undefined)));
}

/** A call to one server that signs in first when the server needs it (and once more for a step-up). */
function call(engine: Engine, serverId: string, method: MethodName, params: Record<string, unknown>): Promise<unknown> {
  return withSignIn(engine.auth, serverId, () => engine.host.dispatch(method, { serverId, ...params }));
}

async function readAll(engine: Engine, serverId: string, uris: string[]): Promise<CommandOutput> {
  if (uris.length === 1) return { ok: true, value: await call(engine, serverId, 'resources.read', { uri: uris[0] }) };
  const results: (ReadResult | { uri: string; error: AppError })[] = [];
  let ok = true;
  for (const uri of uris) {
    try {
      results.push((await call(engine, serverId, 'resources.read', { uri })) as ReadResult);
    } catch (err) {
      ok = false;
      results.push({ uri, error: appErrorFrom(err) });
    }
  }
  return { ok, value: results };
}

function complete(engine: Engine, serverId: string, ask: CompletionAsk): Promise<unknown> {
  return call(engine, serverId, 'completion.complete', {
    uriTemplate: ask.uriTemplate,
    argument: { name: ask.argument, value: ask.prefix },
    ...(Object.keys(ask.context).length > 0 && { contextArguments: ask.context })
  });
}

/** One line of `watch`'s output. */
export type WatchLine =
  | ({ type: 'watch' } & SubscriptionInfo)
  | { type: 'updated'; serverId: string; uri: string; at: number }
  | { type: 'error'; serverId: string; uri: string; error: AppError };

/** The states a watch can still deliver updates from (or come back to). */
const LIVE_STATES: ReadonlySet<SubscriptionInfo['status']> = new Set(['pending', 'active', 'resuming']);

/**
 * `watch`: watches `uris` and writes a line per update and per change of a watch's state (pending is left
 * out: it always moves on) until `stop` settles, then stops watching. Fails (nothing more is written) when the
 * server cannot be reached, and when no URI can be watched (every one refused or failed: the lines say why).
 */
export async function watchCommand(engine: Engine, serverId: string, uris: string[], timeoutMs: number, write: (line: WatchLine) => void, stop: Promise<void>): Promise<CommandOutput> {
  try {
    await withSignIn(engine.auth, serverId, () => engine.registry.get(serverId).whenReady(timeoutMs));
  } catch (err) {
    return { ok: false, value: { error: appErrorFrom(err) } };
  }
  const wanted = new Set(uris);
  const shown = new Map<string, SubscriptionInfo['status']>();
  const offUpdated = engine.bus.on('resourceUpdated', e => {
    if (e.serverId === serverId && wanted.has(e.uri)) write({ type: 'updated', serverId, uri: e.uri, at: e.at });
  });
  const offChanged = engine.bus.on('subscriptionChanged', info => {
    if (info.serverId !== serverId || !wanted.has(info.uri) || info.status === 'pending' || shown.get(info.uri) === info.status) return;
    shown.set(info.uri, info.status);
    write({ type: 'watch', ...info });
  });
  try {
    let live = 0;
    for (const uri of wanted) {
      try {
        const info = (await engine.host.dispatch('subscriptions.watch', { serverId, uri })) as SubscriptionInfo;
        if (LIVE_STATES.has(info.status)) live++;
      } catch (err) {
        write({ type: 'error', serverId, uri, error: appErrorFrom(err) });
      }
    }
    if (live === 0) return { ok: false, value: undefined };
    await stop;
    for (const uri of wanted) await engine.host.dispatch('subscriptions.unwatch', { serverId, uri }).catch(() => undefined);
    return { ok: true, value: undefined };
  } finally {
    offUpdated();
    offChanged();
  }
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
        return { ok: true, value: await call(engine, serverId, 'resources.list', {}) };
      case 'templates':
        return { ok: true, value: await call(engine, serverId, 'templates.list', {}) };
      case 'read':
        return await readAll(engine, serverId, args.uris);
      case 'complete':
        return { ok: true, value: await complete(engine, serverId, args.completion as CompletionAsk) };
      case 'import':
        return { ok: true, value: await engine.host.dispatch('config.import', { path: args.importPath as string }) };
      case 'login':
        return { ok: true, value: await engine.auth.signInAndWait(serverId) };
      case 'logout':
        return { ok: true, value: await engine.host.dispatch('auth.signOut', { serverId }) };
      default:
        throw new Error(`Unhandled command ${String(args.command)}`);
    }
  } catch (err) {
    return { ok: false, value: { error: appErrorFrom(err) } };
  }
}
