// `npm run -s cli -- <command>`: a headless client on the same engine as the app. Prints JSON on
// stdout (`watch`: JSON lines until interrupted); on failure prints {"error": AppError} and exits 1 (2 for
// usage errors). Hidden characters a server sent (bidirectional and C1 controls, invisible ones) are printed as
// \u escapes, so they reach a terminal as text, not as something it acts on.
import { escapeHiddenInJson } from '../../shared/hidden-characters';
import { DEFAULT_REQUEST_TIMEOUT_MS, createEngine } from '../engine/engine';
import { boundHeapGrowth } from '../engine/heap-growth';
import { ADHOC_SERVER_ID, CLI_USAGE, CliUsageError, parseCliArgs } from './args';
import type { CliArgs } from './args';
import { runCommand, watchCommand, type CommandOutput, type WatchLine } from './commands';
import { openInBrowser } from './open-browser';

/** Prints `value` (nothing when undefined) and exits once stdout has taken everything. */
function exitWith(code: number, value: unknown): void {
  process.stdout.write(value === undefined ? '' : `${escapeHiddenInJson(JSON.stringify(value, null, 2))}\n`, () => process.exit(code));
}

/** Settles at the first SIGINT or SIGTERM (which then no longer end the process by themselves). */
function interrupted(): Promise<void> {
  return new Promise(resolve => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

const writeLine = (line: WatchLine) => process.stdout.write(`${escapeHiddenInJson(JSON.stringify(line))}\n`);

async function main(args: CliArgs): Promise<void> {
  const timeoutMs = args.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const watching = args.command === 'watch';
  // Listening from the start: an interrupt while connecting still ends the run cleanly.
  const stop = watching ? interrupted() : undefined;
  boundHeapGrowth();
  // Servers connect on first use: `list foo` starts only foo, not every configured server.
  const engine = await createEngine({
    configPath: args.configPath,
    dataDir: args.dataDir,
    requestTimeoutMs: timeoutMs,
    autoConnect: false,
    // A one-shot run reports each server's first outcome; background retries would only blur it. A watch
    // outlives a lost connection: it shows resuming and comes back with the server.
    reconnect: watching,
    auth: { openUrl: openInBrowser }
  });
  const configError = engine.config.view().error;
  if (configError) console.error(`warning: ${configError}`);
  let output: CommandOutput;
  try {
    if (args.adhoc) {
      // An ad hoc server replaces the configured ones for this run; it is never saved.
      for (const id of engine.registry.ids()) await engine.registry.remove(id);
      await engine.registry.add(ADHOC_SERVER_ID, args.adhoc, { start: false });
    }
    output = stop ? await watchCommand(engine, args.serverId as string, args.uris, timeoutMs, writeLine, stop) : await runCommand(engine, args, timeoutMs);
  } finally {
    await engine.close();
  }
  exitWith(output.ok ? 0 : 1, output.value);
}

let args: CliArgs | undefined;
try {
  args = parseCliArgs(process.argv.slice(2));
} catch (err) {
  if (!(err instanceof CliUsageError)) throw err;
  console.error(CLI_USAGE);
  exitWith(2, { error: { code: 'invalid_params', message: err.message } });
}
if (args?.help) console.log(CLI_USAGE);
else if (args) {
  main(args).catch(err => exitWith(1, { error: { code: 'unknown', message: err instanceof Error ? err.message : String(err) } }));
}
