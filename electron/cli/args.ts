// Command-line parsing for `npm run -s cli -- <command> ...`. Unknown options are errors.
import type { ServerConfigEntry, TransportKind } from '../../shared/contract';
import { TRANSPORT_KINDS, transportKinds } from '../../shared/transport-kinds';
import { validateServerEntry } from '../engine/config/schema';
import { parseStrictOptions } from '../host/strict-options';
import { splitCommandLine } from './command-line';

/** With `--url`, a switch named after a kind picks it instead of Streamable HTTP (`--sse`). */
const kindSwitches = TRANSPORT_KINDS.flatMap(kind => {
  const help = transportKinds[kind].cliSwitchHelp;
  return help ? [{ kind, option: `--${kind}`, help }] : [];
});

const URL_ONLY_OPTIONS = [...kindSwitches.map(s => s.option), '--header'].join(' and ');

export const CLI_USAGE = `Usage: npm run -s cli -- <command> [server] [args] [options]

Commands (output is JSON on stdout; failures print {"error": ...} and exit non-zero):
  servers                    every configured server with its status (connects each)
  details <server>           status, handshake, reconnects, stderr and notifications of one server
  list <server>              every resource of a server (all pages)
  read <server> <uri...>     read one or more resources
  templates <server>         the server's resource templates
  complete <server> <template> <argument> [prefix]
                             completion values for one argument of a resource template (prefix default '';
                             --context name=value, repeatable, gives the other arguments already filled)
  watch <server> <uri...>    watch resources: one JSON line per update ({"type":"updated",...}) and per change
                             of a watch's state ({"type":"watch",...}: active, refused with the reason,
                             resuming), until interrupted (Ctrl+C, SIGTERM: exit 0); exit 1 if none can be watched
  import <file>              add the servers of a Claude Desktop / Cursor (mcpServers) or VS Code (servers)
                             file to the config; prints what was imported and what was skipped, and why
  login <server>             sign in to a URL server (OAuth, in the browser); prints the sign-in status
  logout <server>            sign out: revoke the tokens where the server's authorization server allows, forget them

A command on a server that needs sign-in signs in first (the browser opens; with MCPRB_OPEN_URL=print
the CLI prints one stderr line "Open in your browser: <url>" instead and waits for the sign-in to finish).

Server: a name from the config, or an ad hoc server given with one of
  --stdio "<cmd>"            a stdio server command line (spawned directly, no shell)
  --url <url>                a Streamable HTTP server (falls back to legacy SSE)
${kindSwitches.map(s => `  ${s.option.padEnd(27)}with --url: ${s.help}\n`).join('')}  --header "Name: value"     with --url: an HTTP header (repeatable), e.g. "Authorization: Bearer ..."
With --stdio/--url there is no server argument: 'read --url http://127.0.0.1:3000/mcp file:///a'.

Options:
  --config <file>            the mcpServers config file (default: the user's)
  --data-dir <dir>           where era verdicts are kept (default: the user's data folder)
  --timeout <ms>             request timeout (default 30000)
  --context name=value       with complete: an argument already filled (repeatable)
  --help                     this text`;

export const ADHOC_SERVER_ID = 'adhoc';

type CliCommand = 'servers' | 'details' | 'list' | 'read' | 'templates' | 'complete' | 'watch' | 'import' | 'login' | 'logout';

/** What `complete` asks for: one argument of a template, with the others already filled. */
export interface CompletionAsk {
  uriTemplate: string;
  argument: string;
  prefix: string;
  context: Record<string, string>;
}

export interface CliArgs {
  command?: CliCommand;
  serverId?: string;
  /** The URIs `read` and `watch` take. */
  uris: string[];
  completion?: CompletionAsk;
  /** The file `import` reads. */
  importPath?: string;
  adhoc?: ServerConfigEntry;
  configPath?: string;
  dataDir?: string;
  timeoutMs?: number;
  help: boolean;
}

export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

const commands: CliCommand[] = ['servers', 'details', 'list', 'read', 'templates', 'complete', 'watch', 'import', 'login', 'logout'];

const OPTIONS = {
  config: { type: 'string' },
  'data-dir': { type: 'string' },
  timeout: { type: 'string' },
  stdio: { type: 'string' },
  url: { type: 'string' },
  header: { type: 'string', multiple: true, default: [] as string[] },
  context: { type: 'string', multiple: true, default: [] as string[] },
  help: { type: 'boolean', short: 'h', default: false },
  ...Object.fromEntries(kindSwitches.map(s => [s.kind, { type: 'boolean', default: false } as const]))
} as const;

interface AdhocOptions {
  stdio?: string;
  url?: string;
  header: string[];
  /** The kind switches given. */
  kinds: TransportKind[];
}

function parseHeaders(raw: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const header of raw) {
    const colon = header.indexOf(':');
    if (colon <= 0) throw new CliUsageError(`--header must look like "Name: value", got "${header}"`);
    headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
  }
  return headers;
}

function adhocEntry(raw: AdhocOptions): ServerConfigEntry | undefined {
  const headers = parseHeaders(raw.header);
  if (raw.stdio !== undefined && raw.url !== undefined) throw new CliUsageError('Give either --stdio or --url, not both');
  if ((raw.kinds.length || raw.header.length) && raw.url === undefined) throw new CliUsageError(`${URL_ONLY_OPTIONS} need --url`);
  if (raw.kinds.length > 1) throw new CliUsageError(`Give at most one of ${kindSwitches.map(s => s.option).join(', ')}`);
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
    // Without a switch the entry has no `type`: the config format's default for a URL, Streamable HTTP.
    candidate = { ...(raw.kinds.length && { type: raw.kinds[0] }), url: raw.url, ...(raw.header.length && { headers }) };
  } else return undefined;
  const { entry, issues } = validateServerEntry(raw.stdio !== undefined ? '--stdio' : '--url', candidate);
  if (!entry) throw new CliUsageError(issues.join('\n'));
  return entry;
}

function parseContext(raw: readonly string[]): Record<string, string> {
  const context: Record<string, string> = {};
  for (const pair of raw) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new CliUsageError(`--context must look like "name=value", got "${pair}"`);
    context[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return context;
}

function parseTimeout(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms <= 0) throw new CliUsageError('--timeout must be a positive number of milliseconds');
  return ms;
}

export function parseCliArgs(argv: readonly string[]): CliArgs {
  const { values, positionals } = parseStrictOptions({ args: [...argv], options: OPTIONS, allowPositionals: true }, CliUsageError);
  const args: CliArgs = {
    uris: [],
    help: values.help,
    ...(values.config !== undefined && { configPath: values.config }),
    ...(values['data-dir'] !== undefined && { dataDir: values['data-dir'] })
  };
  const timeoutMs = parseTimeout(values.timeout);
  if (timeoutMs !== undefined) args.timeoutMs = timeoutMs;
  if (args.help) return args;
  const [command, ...rest] = positionals;
  if (!command) throw new CliUsageError('Missing command');
  if (!commands.includes(command as CliCommand)) throw new CliUsageError(`Unknown command "${command}"`);
  args.command = command as CliCommand;
  if (command === 'import') {
    args.importPath = rest.shift();
    if (!args.importPath) throw new CliUsageError('import needs a file');
    if (rest.length) throw new CliUsageError(`Unexpected argument "${rest[0]}"`);
    return args;
  }
  // The kind switches join the option table at run time, so the typed `values` do not name them.
  const given: Readonly<Record<string, unknown>> = values;
  args.adhoc = adhocEntry({ ...values, kinds: kindSwitches.filter(s => given[s.kind] === true).map(s => s.kind) });
  if (args.adhoc) args.serverId = ADHOC_SERVER_ID;
  else if (command !== 'servers') {
    args.serverId = rest.shift();
    if (!args.serverId) throw new CliUsageError(`${command} needs a server name (or --stdio/--url)`);
  }
  if (values.context.length && command !== 'complete') throw new CliUsageError('--context goes with complete');
  if (command === 'read' || command === 'watch') {
    args.uris = rest;
    if (!args.uris.length) throw new CliUsageError(`${command} needs at least one URI`);
  } else if (command === 'complete') {
    const [uriTemplate, argument, prefix = '', ...extra] = rest;
    if (!uriTemplate || !argument) throw new CliUsageError('complete needs a template and an argument name (and optionally a prefix)');
    if (extra.length) throw new CliUsageError(`Unexpected argument "${extra[0]}"`);
    args.completion = { uriTemplate, argument, prefix, context: parseContext(values.context) };
  } else if (rest.length) throw new CliUsageError(`Unexpected argument "${rest[0]}"`);
  return args;
}
