// Command-line flags of the reference server. Parsing is strict: an unknown flag or a bad value stops the
// process with a clear message instead of silently serving something else than the caller asked for.

export type Era = 'both' | 'modern' | 'legacy';

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
  /** Lifetime of MRTR `requestState` tokens. */
  requestStateTtlSeconds: number;
  /** HMAC key for `requestState`; random per process when not given. */
  stateKey?: string;
  /** A 2025-era HTTP session with no request and no open stream for this long is closed. */
  legacySessionIdleSeconds: number;
}

export const DEFAULT_OPTIONS: ServerOptions = {
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
  requestStateTtlSeconds: 300,
  legacySessionIdleSeconds: 600
};

export const USAGE = `Usage: reference-server [--transport stdio|http] [--port N] [--host H] [--resources N]
  [--page-size N] [--template-page-size N] [--update-interval-ms N] [--seed N] [--era both|modern|legacy]
  [--sandbox-dir DIR] [--slow-ms N] [--request-state-ttl-s N] [--state-key KEY] [--legacy-session-idle-s N]`;

export class UsageError extends Error {}

function integer(flag: string, raw: string | undefined, min: number, max: number): number {
  if (raw === undefined || !/^-?\d+$/.test(raw)) throw new UsageError(`${flag} needs an integer, got ${JSON.stringify(raw)}`);
  const n = Number(raw);
  if (n < min || n > max) throw new UsageError(`${flag} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function text(flag: string, raw: string | undefined): string {
  if (!raw) throw new UsageError(`${flag} needs a value`);
  return raw;
}

function oneOf<T extends string>(flag: string, raw: string | undefined, allowed: readonly T[]): T {
  if (!allowed.includes(raw as T)) throw new UsageError(`${flag} must be one of ${allowed.join(', ')}, got ${JSON.stringify(raw)}`);
  return raw as T;
}

export function parseArgs(argv: readonly string[]): ServerOptions {
  const o: ServerOptions = { ...DEFAULT_OPTIONS };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const value = (): string | undefined => (eq > 0 ? arg.slice(eq + 1) : argv[++i]);
    switch (flag) {
      case '--transport': o.transport = oneOf(flag, value(), ['stdio', 'http'] as const); break;
      case '--port': o.port = integer(flag, value(), 0, 65535); break;
      case '--host': o.host = text(flag, value()); break;
      case '--resources': o.resources = integer(flag, value(), 0, 10_000_000); break;
      case '--page-size': o.pageSize = integer(flag, value(), 1, 100_000); break;
      case '--template-page-size': o.templatePageSize = integer(flag, value(), 1, 1000); break;
      case '--update-interval-ms': o.updateIntervalMs = integer(flag, value(), 10, 86_400_000); break;
      case '--seed': o.seed = integer(flag, value(), 0, 2 ** 31 - 1); break;
      case '--era': o.era = oneOf(flag, value(), ['both', 'modern', 'legacy'] as const); break;
      case '--sandbox-dir': o.sandboxDir = text(flag, value()); break;
      case '--slow-ms': o.slowMs = integer(flag, value(), 0, 600_000); break;
      case '--request-state-ttl-s': o.requestStateTtlSeconds = integer(flag, value(), 1, 86_400); break;
      case '--legacy-session-idle-s': o.legacySessionIdleSeconds = integer(flag, value(), 1, 86_400); break;
      case '--state-key': {
        o.stateKey = text(flag, value());
        if (Buffer.byteLength(o.stateKey) < 32) throw new UsageError('--state-key must be at least 32 bytes');
        break;
      }
      case '--help': case '-h': throw new UsageError(USAGE);
      default: throw new UsageError(`unknown argument ${JSON.stringify(arg)}\n${USAGE}`);
    }
  }
  return o;
}
