// The engine API: every method the engine answers, with a runtime schema for its params (the renderer may
// also call the host's methods, shared/contract/host-methods.ts, which the engine never sees).
// Params are validated once, where they enter the engine (electron/engine/api.ts), whatever the carrier.
import * as z from 'zod';
import type { AppError } from './app-error';
import type { AuthDetails, AuthStatus, SignOutResult } from './auth';
import {
  cacheModeSchema as cacheMode,
  importFormatSchema,
  inputAnswerSchema as inputAnswer,
  logQuerySchema as logQuery,
  serverIdSchema as serverId,
  type ImportApp
} from './param-schemas';
import type {
  CacheSnapshot,
  CompletionResult,
  ListResult,
  LogPage,
  ReadResult,
  ResourceItem,
  ServerDetails,
  ServerState,
  SubscriptionInfo,
  TemplateItem
} from './types';
import { serverConfigEntrySchema } from './server-config';
import type { PackedListResult } from './packed-items';
import type { ServerConfigEntry } from './server-config';

const uri = z.string().min(1).max(64 * 1024);
const requestId = z.string().min(1).max(100);

export interface ConfigView {
  path: string;
  servers: Record<string, ServerConfigEntry>;
  /** Set when the file on disk could not be used; the file is kept untouched. */
  error?: string;
  /** Set on a first start: no config file yet, the embedded reference server is configured (the page shows its tour). */
  firstStart?: boolean;
}

/** A well-known MCP config file of another app that exists on this machine (`config.importCandidates`). */
export interface ImportCandidate {
  path: string;
  app: ImportApp;
  /** For people: the app's name, e.g. "Claude Desktop". */
  label: string;
}

/** One entry per method: its params schema and (type-level only) its result. */
export const methodSchemas = {
  'servers.list': z.object({}),
  'servers.details': z.object({ serverId }),
  'servers.add': z.object({ serverId, config: serverConfigEntrySchema }),
  /**
   * Replaces a configured server's entry. A header, env or client-secret value equal to REDACTED_SECRET keeps the
   * stored value; `disabled` is kept as stored (servers.setDisabled changes it).
   */
  'servers.update': z.object({ serverId, config: serverConfigEntrySchema }),
  /** Disables (disconnects, config kept) or enables (connects) a configured server; saved in the config. */
  'servers.setDisabled': z.object({ serverId, disabled: z.boolean() }),
  'servers.remove': z.object({ serverId }),
  'servers.reconnect': z.object({ serverId }),
  'config.get': z.object({}),
  /**
   * Reads the config file again and applies it: servers it no longer lists stop, new or changed ones (re)connect,
   * unchanged ones carry on. A file that cannot be used is reported in the view's `error` and kept as it is.
   */
  'config.reload': z.object({}),
  'config.import': z.object({ path: z.string().min(1), format: importFormatSchema.optional() }),
  /** Claude Desktop / Cursor / VS Code config files found on this machine (checked with stat, not read). */
  'config.importCandidates': z.object({}),
  /**
   * `streamOnly`: the items go out only in the call's `listProgress` events (give a `requestId` to match
   * them); the result then carries no items, and `streamed` says how many there were.
   */
  'resources.list': z.object({
    serverId,
    requestId: requestId.optional(),
    cacheMode: cacheMode.optional(),
    streamOnly: z.boolean().optional(),
    /**
     * With `streamOnly`: the caller shows the server's last known list (`resources.lastKnown`). Live pages equal to
     * it, item for item, go out as counts only (`listProgress` without items, never `done`) while they are; at the
     * first difference they go out whole. When the whole live list is equal, the result's `sameAsLastKnown` says
     * which last known list it equals.
     */
    shownLastKnown: z.boolean().optional()
  }),
  /**
   * The server's last known public list, from the engine's cache alone (pages kept this run or restored from
   * the warm-start file), whether or not the server is connected; null when there is no whole one. Its cache
   * info says how old it is (`stale` once expired: a list restored at launch always is). No `listProgress`. Its
   * items come packed as `listProgress` items do (`unpackListResult`).
   */
  'resources.lastKnown': z.object({ serverId }),
  'resources.read': z.object({
    serverId,
    uri,
    requestId: requestId.optional(),
    cacheMode: cacheMode.optional(),
    /** Cut each content part to its first N bytes (see ContentPreview); the page always asks for previews. */
    previewBytes: z.number().int().positive().optional()
  }),
  'templates.list': z.object({ serverId, cacheMode: cacheMode.optional() }),
  'completion.complete': z.object({
    serverId,
    uriTemplate: z.string().min(1),
    argument: z.object({ name: z.string().min(1), value: z.string() }),
    contextArguments: z.record(z.string(), z.string()).optional(),
    requestId: requestId.optional()
  }),
  'request.cancel': z.object({ requestId }),
  /** The page has drawn its first screen (the last known lists): local servers held back for it start now. */
  'app.firstScreenShown': z.object({}),
  /**
   * Answers once every local server of the launch has had its first attempt at connecting (or a while has passed):
   * the page lists the last known lists it shows again after that, so they do not take the cores the servers boot on.
   */
  'app.launchSettled': z.object({}),
  'subscriptions.list': z.object({}),
  'subscriptions.watch': z.object({ serverId, uri }),
  'subscriptions.unwatch': z.object({ serverId, uri }),
  'input.pending': z.object({}),
  'input.answer': z.object({ id: z.string().min(1), answer: inputAnswer }),
  'cache.snapshot': z.object({}),
  'cache.evict': z.object({ key: z.string().min(1) }),
  'cache.clear': z.object({}),
  'log.query': logQuery,
  'log.clear': z.object({ serverId: serverId.optional() }),
  'log.setPaused': z.object({ paused: z.boolean() }),
  'log.setCap': z.object({ cap: z.number().int().min(100).max(1_000_000) }),
  'log.replay': z.object({ serverId, method: z.string().min(1), params: z.record(z.string(), z.unknown()).optional() }),
  /**
   * One icon of a server's resource, fetched by the engine (https:, the server's own origin, no credentials,
   * size, time and image-type limits; see docs/picker.md) and returned as a data: URI. A refusal fails the
   * call with an AppError whose message says why and whose `data` is an IconRefusalData
   * (shared/icons/icon-refusal-data.ts): `{ iconRefused: true, transient, retryAfterMs? }`.
   */
  'icons.get': z.object({ serverId, src: z.string().min(1).max(8 * 1024) }),
  /**
   * Starts signing in to a URL server (docs/auth.md) and answers once the flow has started: `pending` with
   * `step: 'awaiting-browser'` and the `authorizationUrl` (which the host opens: Electron's browser, a new tab
   * in browser mode via the `authUrl` event, a stderr line with MCPRB_OPEN_URL=print), or `signed-in` at once
   * when a refresh token sufficed. The end of the flow shows in `serverState` events. A flow already pending
   * is returned as is. Fails with `unsupported` for a stdio server.
   */
  'auth.signIn': z.object({ serverId }),
  /** Ends a pending flow (its loopback callback closes); the state goes back to what it was before. */
  'auth.cancel': z.object({ serverId }),
  /** Revokes the tokens where the authorization server offers revocation (RFC 7009), then forgets them. */
  'auth.signOut': z.object({ serverId }),
  /** The OAuth view: discovered metadata, the client, each step of the last flow (secrets redacted). */
  'auth.details': z.object({ serverId })
} as const;

export type MethodName = keyof typeof methodSchemas;
export type MethodParams<M extends MethodName> = z.input<(typeof methodSchemas)[M]>;
export type ParsedParams<M extends MethodName> = z.output<(typeof methodSchemas)[M]>;

interface MethodResults {
  'servers.list': ServerState[];
  'servers.details': ServerDetails;
  'servers.add': ServerState;
  'servers.update': ServerState;
  'servers.setDisabled': ServerState;
  'servers.remove': { removed: boolean };
  'servers.reconnect': ServerState;
  'config.get': ConfigView;
  'config.reload': ConfigView;
  'config.import': { imported: string[]; skipped: { name: string; reason: string }[] };
  'config.importCandidates': ImportCandidate[];
  'resources.list': ListResult<ResourceItem>;
  'resources.lastKnown': PackedListResult | null;
  'resources.read': ReadResult;
  'templates.list': ListResult<TemplateItem>;
  'completion.complete': CompletionResult;
  'request.cancel': { cancelled: boolean };
  'app.firstScreenShown': { released: boolean };
  /** allStarted: false when the engine stopped waiting for slow starters. */
  'app.launchSettled': { allStarted: boolean };
  'subscriptions.list': SubscriptionInfo[];
  'subscriptions.watch': SubscriptionInfo;
  'subscriptions.unwatch': { removed: boolean };
  'input.pending': import('./types').PendingInputRequest[];
  'input.answer': { accepted: boolean };
  'cache.snapshot': CacheSnapshot;
  'cache.evict': { evicted: boolean };
  'cache.clear': { cleared: number };
  'log.query': LogPage;
  'log.clear': { cleared: number };
  'log.setPaused': { paused: boolean };
  'log.setCap': { cap: number; dropped: number };
  'log.replay': { result?: unknown; error?: AppError; logSeq: number };
  'icons.get': { dataUri: string };
  'auth.signIn': AuthStatus;
  'auth.cancel': { cancelled: boolean };
  'auth.signOut': SignOutResult;
  'auth.details': AuthDetails;
}

export type MethodResult<M extends MethodName> = MethodResults[M];
