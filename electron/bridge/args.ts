// Command-line options of `npm run web`. Unknown or malformed options are errors, never ignored.
import { parseStrictOptions } from '../host/strict-options';

export interface WebArgs {
  port: number;
  host: string;
  configPath?: string;
  dataDir?: string;
  open: boolean;
  unsafeExpose: boolean;
  help: boolean;
}

export const WEB_USAGE = `Usage: npm run web -- [--port <N>] [--host 127.0.0.1] [--config <file>] [--data-dir <dir>] [--no-open] [--unsafe-expose]
  --port <N>        port to listen on (0, the default, picks a free one)
  --host <addr>     address to bind (loopback only unless --unsafe-expose)
  --config <file>   mcpServers config file to use instead of the user's
  --data-dir <dir>  where the app keeps its state (default: the user's app data folder)
  --no-open         print the URL only; do not launch a browser
  --unsafe-expose   allow binding to a non-loopback address (DANGEROUS: exposes your servers' data)`;

export class ArgsError extends Error {
  override name = 'ArgsError';
}

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string', default: '127.0.0.1' },
  config: { type: 'string' },
  'data-dir': { type: 'string' },
  'no-open': { type: 'boolean', default: false },
  'unsafe-expose': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false }
} as const;

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return 0;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) throw new ArgsError(`--port must be a number from 0 to 65535, got "${raw}"`);
  return port;
}

export function parseWebArgs(argv: readonly string[]): WebArgs {
  const { values } = parseStrictOptions({ args: [...argv], options: OPTIONS }, ArgsError);
  return {
    port: parsePort(values.port),
    host: values.host,
    ...(values.config !== undefined && { configPath: values.config }),
    ...(values['data-dir'] !== undefined && { dataDir: values['data-dir'] }),
    open: !values['no-open'],
    unsafeExpose: values['unsafe-expose'],
    help: values.help
  };
}
