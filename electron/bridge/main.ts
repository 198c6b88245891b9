// `npm run web`: the engine plus the browser-mode bridge in one Node process. Prints exactly one
// stdout line, `Open: <url>` (QA contract); everything else goes to stderr.
import path from 'node:path';
import { projectRoot } from '../engine/config/default-server';
import { createEngine } from '../engine/engine';
import { boundHeapGrowth } from '../engine/heap-growth';
import { isLoopbackHost } from './access';
import { ArgsError, WEB_USAGE, parseWebArgs, type WebArgs } from './args';
import { openInBrowser } from './open-browser';
import { UnsafeBindError, startBridge } from './server';

// From the checkout's root, not from this file: it runs from its bundle (dist/node) as well as from source.
const RENDERER_DIR = path.join(projectRoot(), 'dist', 'renderer');

async function run(args: WebArgs): Promise<void> {
  if (args.unsafeExpose) {
    console.error('!!! --unsafe-expose: browser mode may listen beyond this machine. Anyone who can reach it and learns the');
    console.error('!!! token can read every configured MCP server through it. Use only on a network you fully trust.');
  }
  // Refuse before the engine starts any server.
  if (!isLoopbackHost(args.host) && !args.unsafeExpose) throw new UnsafeBindError(args.host);
  boundHeapGrowth();
  const engine = await createEngine({ configPath: args.configPath, dataDir: args.dataDir });
  let bridge;
  try {
    bridge = await startBridge({
      host: engine.host,
      port: args.port,
      bindHost: args.host,
      unsafeExpose: args.unsafeExpose,
      rendererDir: RENDERER_DIR
    });
  } catch (err) {
    await engine.close();
    throw err;
  }
  process.stdout.write(`Open: ${bridge.url}\n`);
  if (args.open && !(await openInBrowser(bridge.url))) {
    console.error('Could not launch a browser; open the URL above yourself.');
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`${signal}: shutting down`);
    await bridge.close().catch(err => console.error('bridge close failed:', err));
    await engine.close().catch(err => console.error('engine close failed:', err));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

function fail(err: unknown): never {
  if (err instanceof ArgsError) console.error(`${err.message}\n${WEB_USAGE}`);
  else if (err instanceof UnsafeBindError) console.error(err.message);
  else console.error('Browser mode failed to start:', err);
  process.exit(2);
}

let args: WebArgs;
try {
  args = parseWebArgs(process.argv.slice(2));
} catch (err) {
  fail(err);
}
if (args.help) {
  console.log(WEB_USAGE);
} else {
  run(args).catch(fail);
}
