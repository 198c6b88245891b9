// Command-line flags of the reference server. Parsing is strict: an unknown flag or a bad value stops the
// process with a clear message instead of silently serving something else than the caller asked for.
// Node's own parser reads the command line; this module checks and types the values.
import { parseArgs as parseNodeArgs } from 'node:util';

type Era = 'both' | 'modern' | 'legacy';

/** Sign-in (`--auth`): the MCP endpoint becomes an OAuth protected resource with its own authorization server. */
export interface AuthOptions {
  /** Approve every authorization request at once, signed in as `user` (no consent page): for headless tests. */
  autoApprove: boolean;
  /** The user an auto-approved request signs in as, and the consent page's default user name. */
  user: string;
  /** Lifetime of access tokens; refresh tokens outlive them (a day). */
  tokenTtlSeconds: number;
}

/** User names: short, printable, safe in a URL and in HTML without surprises. */
export const USER_NAME = /^[A-Za-z0-9._-]{1,64}$/;

export interface ServerOptions {
  transport: 'stdio' | 'http';
  port: number;
  host: string;
  /** Number of generated catalog resources (the fixed showcase resources come on top). */
  resources: number;
  pageSize: number;
  templatePageSize: number;
  updateIntervalMs: number;
  seed: number;
  era: Era;
  /** Directory served by the `file:///{+path}` template; created (and filled) when missing. */
  sandboxDir?: string;
  /** How long `ref://errors/slow` takes to answer. */
  slowMs: number;
  /** Every resources/list page waits this long before it answers: a slow server, for tests that act mid-listing. */
  listDelayMs: number;
  /** Lifetime of MRTR `requestState` tokens. */
  requestStateTtlSeconds: number;
  /** HMAC key for `requestState`; random per process when not given. */
  stateKey?: string;
  /** A 2025-era HTTP session with no request and no open stream for this long is closed. */
  legacySessionIdleSeconds: number;
  /** Also serve the ref://annotations/* resources, whose annotations are invalid on purpose. */
  invalidAnnotations: boolean;
  /** Present with --auth (HTTP only). */
  auth?: AuthOptions;
  /** The first N catalog items are announced updated in turn (0: none), `churnRate` times a second in all. */
  churn: number;
  churnRate: number;
  /** Logs every batch of churn updates (time, first index, count) to stderr, for benchmarks measuring lag. */
  churnTrace: boolean;
}

const DEFAULT_OPTIONS: ServerOptions = {
  transport: 'stdio',
  port: 3001,
  host: '127.0.0.1',
  resources: 300,
  pageSize: 50,
  templatePageSize: 4,
  updateIntervalMs: 1000,
  seed: 42,
  era: 'both',
  slowMs: 5000,
  listDelayMs: 0,
  requestStateTtlSeconds: 300,
  legacySessionIdleSeconds: 600,
  invalidAnnotations: false,
  churn: 0,
  churnRate: 1000,
  churnTrace: false
};

const USAGE = `Usage: reference-server [--transport stdio|http] [--port N] [--host H] [--resources N]
  [--page-size N] [--template-page-size N] [--update-interval-ms N] [--seed N] [--era both|modern|legacy]
  [--sandbox-dir DIR] [--slow-ms N] [--list-delay-ms N] [--request-state-ttl-s N] [--state-key KEY] [--legacy-session-idle-s N]
  [--invalid-annotations] [--churn N [--churn-rate R] [--churn-trace]] [--auth [--auth-auto-approve] [--auth-user NAME] [--auth-token-ttl-s N]]`;

export class UsageError extends Error {}

/** Every value-taking flag is a string to Node's parser; the checks below turn them into typed options. */
const FLAGS = {
  transport: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  resources: { type: 'string' },
  'page-size': { type: 'string' },
  'template-page-size': { type: 'string' },
  'update-interval-ms': { type: 'string' },
  seed: { type: 'string' },
  era: { type: 'string' },
  'sandbox-dir': { type: 'string' },
  'slow-ms': { type: 'string' },
  'list-delay-ms': { type: 'string' },
  'request-state-ttl-s': { type: 'string' },
  'legacy-session-idle-s': { type: 'string' },
  'state-key': { type: 'string' },
  'invalid-annotations': { type: 'boolean' },
  churn: { type: 'string' },
  'churn-rate': { type: 'string' },
  'churn-trace': { type: 'boolean' },
  auth: { type: 'boolean' },
  'auth-auto-approve': { type: 'boolean' },
  'auth-user': { type: 'string' },
  'auth-token-ttl-s': { type: 'string' },
  help: { type: 'boolean', short: 'h' }
} as const;

type IntegerOption = { [K in keyof ServerOptions]-?: ServerOptions[K] extends number ? K : never }[keyof ServerOptions];

const INTEGER_FLAGS: readonly (readonly [keyof typeof FLAGS, IntegerOption, number, number])[] = [
  ['port', 'port', 0, 65535],
  ['resources', 'resources', 0, 10_000_000],
  ['page-size', 'pageSize', 1, 100_000],
  ['template-page-size', 'templatePageSize', 1, 1000],
  ['update-interval-ms', 'updateIntervalMs', 10, 86_400_000],
  ['seed', 'seed', 0, 2 ** 31 - 1],
  ['slow-ms', 'slowMs', 0, 600_000],
  ['list-delay-ms', 'listDelayMs', 0, 60_000],
  ['request-state-ttl-s', 'requestStateTtlSeconds', 1, 86_400],
  ['legacy-session-idle-s', 'legacySessionIdleSeconds', 1, 86_400],
  ['churn', 'churn', 0, 100_000],
  ['churn-rate', 'churnRate', 1, 100_000]
];

function integer(flag: string, raw: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(raw)) throw new UsageError(`${flag} needs an integer, got ${JSON.stringify(raw)}`);
  const n = Number(raw);
  if (n < min || n > max) throw new UsageError(`${flag} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function text(flag: string, raw: string): string {
  if (!raw) throw new UsageError(`${flag} needs a value`);
  return raw;
}

function oneOf<T extends string>(flag: string, raw: string, allowed: readonly T[]): T {
  if (!allowed.includes(raw as T)) throw new UsageError(`${flag} must be one of ${allowed.join(', ')}, got ${JSON.stringify(raw)}`);
  return raw as T;
}

/** Node's strict parser: unknown flags, stray arguments, missing values and values given to --help are errors. */
function parseFlags(argv: readonly string[]) {
  try {
    return parseNodeArgs({ args: [...argv], options: FLAGS, strict: true }).values;
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_')) throw new UsageError(`${(e as Error).message}\n${USAGE}`);
    throw e;
  }
}

export function parseArgs(argv: readonly string[]): ServerOptions {
  const flags = parseFlags(argv);
  if (flags.help) throw new UsageError(USAGE);
  const o: ServerOptions = { ...DEFAULT_OPTIONS };
  for (const [flag, key, min, max] of INTEGER_FLAGS) {
    const raw = flags[flag];
    if (typeof raw === 'string') o[key] = integer(`--${flag}`, raw, min, max);
  }
  if (flags.transport !== undefined) o.transport = oneOf('--transport', flags.transport, ['stdio', 'http'] as const);
  if (flags.era !== undefined) o.era = oneOf('--era', flags.era, ['both', 'modern', 'legacy'] as const);
  if (flags.host !== undefined) o.host = text('--host', flags.host);
  if (flags['invalid-annotations']) o.invalidAnnotations = true;
  if (flags['churn-trace']) o.churnTrace = true;
  if (o.churn > o.resources) throw new UsageError(`--churn ${o.churn} is more than the ${o.resources} catalog items (--resources)`);
  if (o.churn === 0 && (flags['churn-rate'] !== undefined || flags['churn-trace'])) throw new UsageError('--churn-rate and --churn-trace need --churn N');
  if (flags['sandbox-dir'] !== undefined) o.sandboxDir = text('--sandbox-dir', flags['sandbox-dir']);
  if (flags['state-key'] !== undefined) {
    o.stateKey = text('--state-key', flags['state-key']);
    if (Buffer.byteLength(o.stateKey) < 32) throw new UsageError('--state-key must be at least 32 bytes');
  }
  const auth = authOptions(flags);
  if (auth && o.transport !== 'http') throw new UsageError('--auth needs --transport http (sign-in is an HTTP matter)');
  if (auth) o.auth = auth;
  return o;
}

/** The --auth flags; the others given without --auth are an error, not silently ignored. */
function authOptions(flags: ReturnType<typeof parseFlags>): AuthOptions | undefined {
  const dependent = (['auth-auto-approve', 'auth-user', 'auth-token-ttl-s'] as const).filter(f => flags[f] !== undefined);
  if (!flags.auth) {
    if (dependent.length) throw new UsageError(`--${dependent[0]} needs --auth`);
    return undefined;
  }
  const user = flags['auth-user'] ?? 'alice';
  if (!USER_NAME.test(user)) throw new UsageError(`--auth-user must be 1 to 64 letters, digits, '.', '_' or '-', got ${JSON.stringify(user)}`);
  const ttl = flags['auth-token-ttl-s'];
  return {
    autoApprove: flags['auth-auto-approve'] === true,
    user,
    tokenTtlSeconds: ttl === undefined ? 300 : integer('--auth-token-ttl-s', ttl, 1, 86_400)
  };
}
