// Command-line options of `npm run web`. Unknown or malformed options are errors, never ignored.
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

export function parseWebArgs(argv: readonly string[]): WebArgs {
  const args: WebArgs = { port: 0, host: '127.0.0.1', open: true, unsafeExpose: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new ArgsError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--port': {
        const raw = value();
        const port = Number(raw);
        if (!/^\d+$/.test(raw) || port > 65535) throw new ArgsError(`--port must be a number from 0 to 65535, got "${raw}"`);
        args.port = port;
        break;
      }
      case '--host':
        args.host = value();
        break;
      case '--config':
        args.configPath = value();
        break;
      case '--data-dir':
        args.dataDir = value();
        break;
      case '--no-open':
        args.open = false;
        break;
      case '--unsafe-expose':
        args.unsafeExpose = true;
        break;
      case '--help':
      case '-h':
        args.help = true;
        break;
      default:
        throw new ArgsError(`Unknown option "${arg}"`);
    }
  }
  return args;
}
