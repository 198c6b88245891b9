// Command-line parsing for `npm run -s cli -- <command> ...`. Unknown options are errors.
import type { ServerConfigEntry } from '../../shared/contract';
import { validateServerEntry } from '../engine/config/schema';
import { splitCommandLine } from './command-line';

export const CLI_USAGE = `Usage: npm run -s cli -- <command> [server] [args] [options]

Commands (output is JSON on stdout; failures print {"error": ...} and exit non-zero):
  servers                    every configured server with its status (connects each)
  details <server>           status, handshake, reconnects, stderr and notifications of one server
  list <server>              every resource of a server (all pages)
  read <server> <uri...>     read one or more resources
  templates <server>         the server's resource templates

Server: a name from the config, or an ad hoc server given with one of
  --stdio "<cmd>"            a stdio server command line (spawned directly, no shell)
  --url <url>                a Streamable HTTP server (falls back to legacy SSE)
  --sse                      with --url: use legacy HTTP+SSE only
  --header "Name: value"     with --url: an HTTP header (repeatable), e.g. "Authorization: Bearer ..."
With --stdio/--url there is no server argument: 'read --url http://127.0.0.1:3000/mcp file:///a'.

Options:
  --config <file>            the mcpServers config file (default: the user's)
  --data-dir <dir>           where era verdicts are kept (default: the user's data folder)
  --timeout <ms>             request timeout (default 30000)
  --help                     this text`;

export const ADHOC_SERVER_ID = 'adhoc';

export type CliCommand = 'servers' | 'details' | 'list' | 'read' | 'templates';

export interface CliArgs {
  command?: CliCommand;
  serverId?: string;
  uris: string[];
  adhoc?: ServerConfigEntry;
  configPath?: string;
  dataDir?: string;
  timeoutMs?: number;
  help: boolean;
}

export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

const commands: CliCommand[] = ['servers', 'details', 'list', 'read', 'templates'];

interface RawOptions {
  stdio?: string;
  url?: string;
  sse: boolean;
  headers: Record<string, string>;
}

function adhocEntry(raw: RawOptions): ServerConfigEntry | undefined {
  if (raw.stdio !== undefined && raw.url !== undefined) throw new CliUsageError('Give either --stdio or --url, not both');
  if ((raw.sse || Object.keys(raw.headers).length) && raw.url === undefined) throw new CliUsageError('--sse and --header need --url');
  let candidate: unknown;
  if (raw.stdio !== undefined) {
    let argv: string[];
    try {
      argv = splitCommandLine(raw.stdio);
    } catch (err) {
      throw new CliUsageError(`--stdio: ${(err as Error).message}`);
    }
    if (!argv.length) throw new CliUsageError('--stdio needs a command');
    candidate = { command: argv[0], args: argv.slice(1) };
  } else if (raw.url !== undefined) {
    candidate = { type: raw.sse ? 'sse' : 'http', url: raw.url, ...(Object.keys(raw.headers).length && { headers: raw.headers }) };
  } else return undefined;
  const { entry, issues } = validateServerEntry(raw.stdio !== undefined ? '--stdio' : '--url', candidate);
  if (!entry) throw new CliUsageError(issues.join('\n'));
  return entry;
}

export function parseCliArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { uris: [], help: false };
  const raw: RawOptions = { sse: false, headers: {} };
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new CliUsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--config':
        args.configPath = value();
        break;
      case '--data-dir':
        args.dataDir = value();
        break;
      case '--timeout': {
        const ms = Number(value());
        if (!Number.isInteger(ms) || ms <= 0) throw new CliUsageError('--timeout must be a positive number of milliseconds');
        args.timeoutMs = ms;
        break;
      }
      case '--stdio':
        raw.stdio = value();
        break;
      case '--url':
        raw.url = value();
        break;
      case '--sse':
        raw.sse = true;
        break;
      case '--header': {
        const header = value();
        const colon = header.indexOf(':');
        if (colon <= 0) throw new CliUsageError(`--header must look like "Name: value", got "${header}"`);
        raw.headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
        break;
      }
      case '--help':
      case '-h':
        args.help = true;
        break;
      default:
        if (arg.startsWith('-') && arg !== '-') throw new CliUsageError(`Unknown option ${arg}`);
        positionals.push(arg);
    }
  }
  if (args.help) return args;
  const [command, ...rest] = positionals;
  if (!command) throw new CliUsageError('Missing command');
  if (!commands.includes(command as CliCommand)) throw new CliUsageError(`Unknown command "${command}"`);
  args.command = command as CliCommand;
  args.adhoc = adhocEntry(raw);
  if (args.adhoc) args.serverId = ADHOC_SERVER_ID;
  else if (command !== 'servers') {
    args.serverId = rest.shift();
    if (!args.serverId) throw new CliUsageError(`${command} needs a server name (or --stdio/--url)`);
  }
  if (command === 'read') {
    args.uris = rest;
    if (!args.uris.length) throw new CliUsageError('read needs at least one URI');
  } else if (rest.length) throw new CliUsageError(`Unexpected argument "${rest[0]}"`);
  return args;
}
