// Builds the engine: config, request registry, the feature modules (handed to the connections through
// EnginePorts), connections, and the contract API. Plain Node: no `electron` import anywhere below here.
import { transportKindOf, type EngineHost, type ServerConfigEntry } from '../../shared/contract';
import { createApi } from './api';
import { createCache } from './cache';
import { DEFAULT_SERVER_NAME, referenceServerEntry } from './config/default-server';
import { defaultConfigPath, defaultDataDir } from './config/paths';
import { FOLLOW_INTERVAL_MS, followFile } from './config/follow-file';
import { ConfigReloader } from './config/reload';
import { ConfigStore } from './config/store';
import { defaultBackoff, defaultCrashLoop } from './connections/backoff';
import { defaultReadBudget } from './connections/read-budget';
import type { ReadBudgetPolicy } from './connections/read-budget';
import type { BackoffPolicy, CrashLoopPolicy } from './connections/backoff';
import type { ServerConnection } from './connections/connection';
import type { ConnectionLimits } from './connections/connection-deps';
import { ServerRegistry } from './connections/registry';
import { firstScreenHold } from './connections/first-screen-hold';
import { launchSettledHandler } from './connections/launch-settled';
import { startInTurns, type StartInTurnsOptions } from './connections/start-in-turns';
import { VerdictStore } from './connections/verdict-store';
import { EventBus } from './event-bus';
import type { HandlerMap } from './handlers';
import { LastKnownAnswers } from './resources/last-known-list';
import type { EnginePorts } from './ports';
import { RequestRegistry } from './requests';
import { logHandlers } from './protocol-log/handlers';
import { ProtocolLog } from './protocol-log/protocol-log';
import { InputBroker } from './input-required/input-broker';
import { inputHandlers } from './input-required/handlers';
import { iconHandlers } from './icons/handlers';
import { IconService, type IconServiceDeps } from './icons/icon-service';
import { SubscriptionManager } from './subscriptions/subscription-manager';
import { subscriptionHandlers } from './subscriptions/handlers';
import { AuthService } from './auth/auth-service';
import { fileVault } from './auth/file-vault';
import { authHandlers } from './auth/handlers';
import { urlOpener, type UrlOpener } from './auth/open-url';
import { TokenStore } from './auth/token-store';
import type { SecretVaultPort } from './ports';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { ListLimits } from './resources/list-walk';

interface EngineLimits extends ConnectionLimits {
  /** Largest single content item a read returns (bytes); bigger ones fail with `too_large`. */
  maxContentBytes: number;
  /** A listing with more items, or more characters of their text, than this fails rather than exhausting memory. */
  list: ListLimits;
}

export interface EngineOptions {
  /** The `mcpServers` config file. Default: ~/.config/mcp-resource-browser/config.json. */
  configPath?: string;
  /** Engine state (era verdicts, warm cache). Default: ~/.local/share/mcp-resource-browser. */
  dataDir?: string;
  /** Timeout of each request to a server (ms). */
  requestTimeoutMs?: number;
  /** Timeout of one connection attempt, probe included (ms). */
  connectTimeoutMs?: number;
  backoff?: Partial<BackoffPolicy>;
  /** When backoff resets (a stable period) and how many quick failures make a crash loop. */
  crashLoop?: Partial<CrashLoopPolicy>;
  /** How fast each server's traffic is read, and how its notifications are coalesced. */
  readBudget?: Partial<ReadBudgetPolicy>;
  /** Retry failed and lost connections in the background (default: true). */
  reconnect?: boolean;
  limits?: Partial<EngineLimits>;
  /** Connect every configured server at start (default), or only on first use (the CLI). */
  autoConnect?: boolean;
  /** How many servers connect at once at start, and how long a slow one holds its place (start-in-turns.ts). */
  start?: Partial<StartInTurnsOptions>;
  /** How long local servers wait at most for the page's first screen on a warm start (first-screen-hold.ts). */
  firstScreenHoldMs?: number;
  /** How long `app.launchSettled` waits at most for the local servers' first attempts (launch-settled.ts). */
  launchSettledMaxMs?: number;
  /**
   * How often (ms) the config file is looked at for edits made elsewhere, applied as `config.reload` applies them
   * (config/follow-file.ts); false: not followed. Default: every second where servers connect at start (a page's
   * host), not in the CLI's runs.
   */
  followConfigMs?: number | false;
  /** The servers used when no config file exists. Default: the bundled reference server. */
  defaults?: () => Record<string, ServerConfigEntry>;
  /** Legacy (2025) verdicts are re-probed after this long (ms), in case the server was upgraded. */
  legacyVerdictMaxAgeMs?: number;
  /** Icon fetching limits and TLS trust (tests trust a self-signed certificate). */
  icons?: Pick<IconServiceDeps, 'limits' | 'tls'>;
  /** Sign-in (docs/auth.md). */
  auth?: {
    /** How the host opens an authorization URL; default: the page is told (`authUrl` event). */
    openUrl?: UrlOpener;
    /** Where tokens are kept; default: `<dataDir>/auth/tokens.json`, mode 0600. Electron passes an encrypting vault. */
    vault?: SecretVaultPort;
    /** How long the user has to finish signing in in the browser (ms). */
    signInTimeoutMs?: number;
  };
}

export interface Engine {
  host: EngineHost;
  bus: EventBus;
  registry: ServerRegistry;
  config: ConfigStore;
  requests: RequestRegistry;
  ports: EnginePorts;
  auth: AuthService;
  close(): Promise<void>;
}

/** Per wire request, unless `requestTimeoutMs` says otherwise. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

const defaultLimits: EngineLimits = {
  maxMessageBytes: 64 * 1024 * 1024,
  maxContentBytes: 32 * 1024 * 1024,
  list: {
    // Twice the scale the app is built for (a million resources): a server of a million and a few more lists
    // whole, and one that never stops listing still ends before it exhausts memory.
    maxItems: 2_000_000,
    // A million typical items are ~150 million characters (URI, name, title, description, MIME type, icons):
    // over three times that lists whole, while one whose items are huge (each field is capped, items.ts) stops.
    maxText: 512 * 1024 * 1024,
    // Every server's latest list together: twice one list's limit. The page keeps ~1.5 bytes of heap per character of
    // item text (a million typical items: 220 MB), so at most ~1.6 GB, well inside a renderer's 4 GB heap.
    maxTotalText: 1024 * 1024 * 1024
  },
  stderrLines: 500,
  notifications: 200,
  reconnectHistory: 50
};

/**
 * As many stdio servers boot at once as the machine has cores: such a start is mostly the server's own CPU (a Node
 * server's boot is ~0.45 s of it), so more at once finishes no sooner, and leaves the page and the engine no share.
 */
const DEFAULT_START: StartInTurnsOptions = { concurrency: Math.max(2, availableParallelism()), slotMs: 5_000 };
/** A local process costs this machine's CPU to start; a remote server's connection does not. */
const spawnsProcess = (entry: ServerConfigEntry) => transportKindOf(entry) === 'stdio';
/** The longest local servers wait for a page to draw its first screen (first-screen-hold.ts). */
const FIRST_SCREEN_HOLD_MS = 3_000;
/** The longest a shown last known list waits to be listed again for the launch's servers to connect (launch-settled.ts). */
const LAUNCH_SETTLED_MAX_MS = 15_000;

export async function createEngine(options: EngineOptions = {}): Promise<Engine> {
  const bus = new EventBus();
  const dataDir = options.dataDir ?? defaultDataDir();
  const limits = { ...defaultLimits, ...options.limits };
  const verdicts = new VerdictStore({ dataDir, legacyMaxAgeMs: options.legacyVerdictMaxAgeMs ?? 24 * 60 * 60 * 1000 });
  await verdicts.load();
  const config = new ConfigStore({
    path: options.configPath ?? defaultConfigPath(),
    defaults: options.defaults ?? (() => ({ [DEFAULT_SERVER_NAME]: referenceServerEntry() }))
  });
  await config.load();
  const requests = new RequestRegistry(options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
  const backoff = { ...defaultBackoff, ...options.backoff };

  // The feature modules, each before the ones that use it (the cache tells the protocol log about hits),
  // then the ports that hand them to the connection layer, then the connections.
  const log = new ProtocolLog({ bus });
  const inputBroker = new InputBroker(bus);
  const subscriptions = new SubscriptionManager(bus, { backoff });
  const cache = createCache({ bus, dataDir, log });
  const restored = await cache.loadWarm();
  const tokens = new TokenStore(options.auth?.vault ?? fileVault(join(dataDir, 'auth', 'tokens.json')));
  await tokens.load();
  // The auth module and the connections need each other: it publishes their states and reconnects them.
  let registryRef: ServerRegistry | undefined;
  const connectionOf = (serverId: string) => {
    if (!registryRef) throw new Error('engine not wired yet');
    return registryRef.get(serverId);
  };
  const auth = new AuthService({
    store: tokens,
    cache: cache.port,
    entryOf: serverId => connectionOf(serverId).entry,
    open: urlOpener(bus, options.auth?.openUrl),
    changed: serverId => {
      if (registryRef?.ids().includes(serverId)) connectionOf(serverId).publish();
    },
    reconnect: async serverId => void (await connectionOf(serverId).reconnect()),
    ...(options.auth?.signInTimeoutMs !== undefined && { signInTimeoutMs: options.auth.signInTimeoutMs })
  });
  bus.on('serverRemoved', ({ serverId }) => void auth.forget(serverId));
  const ports: EnginePorts = { log, input: inputBroker, subscriptions, cache: cache.port, auth };
  const registry = new ServerRegistry({
    bus,
    ports,
    verdicts,
    backoff,
    crashLoop: { ...defaultCrashLoop, ...options.crashLoop },
    readBudget: { ...defaultReadBudget, ...options.readBudget },
    reconnect: options.reconnect ?? true,
    connectTimeoutMs: options.connectTimeoutMs ?? 20_000,
    limits
  });
  registryRef = registry;
  const icons = new IconService({ entryOf: serverId => registry.get(serverId).entry, ...options.icons });

  const clientFor = async (serverId: string) => (await registry.get(serverId).whenReady(requests.defaultTimeoutMs)).client;
  const featureHandlers: Partial<HandlerMap>[] = [
    logHandlers(log, { clientFor }),
    inputHandlers(inputBroker),
    subscriptionHandlers(subscriptions),
    cache.handlers,
    iconHandlers(icons),
    authHandlers(auth)
  ];
  const closers: (() => Promise<void>)[] = [
    async () => log.flush(),
    async () => inputBroker.dispose(),
    async () => subscriptions.dispose(),
    async () => icons.close(),
    async () => {
      auth.dispose();
      await tokens.flush();
    }
  ];

  const start = { ...DEFAULT_START, ...options.start };
  // The first screen's lists, held servers and answers made ahead are for a page; a host that connects on first use
  // (the CLI) has none, and would only pay for them at start.
  const forPage = options.autoConnect !== false && restored > 0;
  const localServers = Object.values(config.entries()).filter(entry => spawnsProcess(entry) && !entry.disabled).length;
  const firstScreen = firstScreenHold(forPage && localServers > start.concurrency, options.firstScreenHoldMs ?? FIRST_SCREEN_HOLD_MS);
  featureHandlers.push({ 'app.firstScreenShown': async () => ({ released: firstScreen.release() }) } satisfies HandlerMap<'app.firstScreenShown'>);

  const lastKnown = new LastKnownAnswers(ports);
  const configReloader = new ConfigReloader(config, registry);
  for (const [serverId, entry] of Object.entries(config.entries())) await registry.add(serverId, entry, { start: false });
  // Restored lists are made into their answers while the page loads (it asks for them all as soon as it has).
  if (forPage) lastKnown.prepare(Object.entries(config.entries()).filter(([, entry]) => !entry.disabled));
  // Started after the engine is handed to its host, one per turn of the event loop: a spawn blocks the loop
  // (8 ms on a quiet machine, up to 700 ms while fifty servers boot), and the host's window or URL, and the
  // page's first requests, should not wait behind fifty of them.
  const startable = (connection: ServerConnection) => ({
    spawnsProcess: spawnsProcess(connection.entry),
    start: () => connection.start(),
    queue: () => connection.queue()
  });
  const starting =
    options.autoConnect === false ? undefined : startInTurns(registry.ids().map(serverId => startable(registry.get(serverId))), { ...start, holdLocal: firstScreen.held });
  // Nothing has started yet (startInTurns starts in the turns after this one), so the handlers can be made now.
  featureHandlers.push(launchSettledHandler(starting?.settled ?? Promise.resolve(), options.launchSettledMaxMs ?? LAUNCH_SETTLED_MAX_MS));
  const host = createApi({ bus, registry, config, configReloader, requests, ports, listLimits: limits.list, maxContentBytes: limits.maxContentBytes, lastKnown }, featureHandlers);
  const followConfigMs = options.followConfigMs ?? (options.autoConnect === false ? false : FOLLOW_INTERVAL_MS);
  const applyEdit = async () => {
    const view = await configReloader.reloadIfChanged();
    if (view) bus.emit('configChanged', view);
  };
  const unfollowConfig = followConfigMs === false ? undefined : followFile(config.path, applyEdit, followConfigMs);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      unfollowConfig?.();
      requests.cancelAll();
      starting?.cancel();
      // The cache (and its warm-start file) is written while the servers stop, not after them: fifty servers can
      // take longer to stop than a host waits before it kills the engine, and the next launch then had the file of
      // the last save, made while the lists were still coming in.
      const cacheClosed = cache.close().catch(err => console.error('[engine] module close failed:', err));
      await registry.closeAll();
      await Promise.all([cacheClosed, verdicts.flush()]);
      for (const closer of closers.reverse()) await closer().catch(err => console.error('[engine] module close failed:', err));
    })());
  return { host, bus, registry, config, requests, ports, auth, close };
}
