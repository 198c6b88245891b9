// Entry point: `tsx reference-server/main.ts --transport stdio|http [flags]` (see cli-args.ts and
// docs/reference-server.md).
import { createApp } from './app';
import { parseArgs, UsageError } from './cli-args';
import { log } from './log';
import { serveOverStdio } from './stdio-entry';

async function main(): Promise<void> {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  const app = await createApp(options);
  let closeTransport = async () => {};
  // Installed before serving: a signal that comes as soon as the server says it listens (or while it is
  // starting) must still shut it down cleanly, removing its temporary sandbox.
  const stop = (signal: string) => {
    log(`${signal}: shutting down`);
    void Promise.all([closeTransport(), app.close()]).finally(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  if (options.transport === 'stdio') {
    await serveOverStdio(app);
  } else {
    // Loaded only for HTTP: its web stack (and the sign-in server's) is most of the bundle, and a fleet of
    // stdio servers would each parse it at every start.
    const { serveOverHttp } = await import('./http-entry');
    closeTransport = (await serveOverHttp(app)).close;
  }
}

main().catch(e => {
  log(`fatal: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
  process.exit(1);
});
