// `npm start [-- --config <file>] [--data-dir <dir>]`: builds and launches the Electron app. Where
// no Electron binary can be had, says so in one line and starts browser mode (opening the browser).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundlePath } from './build-node.mjs';
import { buildElectron } from './build-electron.mjs';
import { findElectronBinary } from './electron-binary.mjs';
import { ensureBuilt } from './ensure-built.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const passThrough = process.argv.slice(2);

/** Runs a child with our stdio, forwards Ctrl-C / SIGTERM to it, and exits with its code. */
function runForwarding(command, args, env = process.env) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  child.on('error', err => {
    console.error(`Could not start ${command}: ${err.message}`);
    process.exit(1);
  });
}

try {
  await ensureBuilt();
  const electron = findElectronBinary(root);
  if (electron.binary) {
    await buildElectron();
    runForwarding(electron.binary, [path.join(root, 'dist', 'electron', 'main.cjs'), ...passThrough]);
  } else {
    console.error(`Electron is not available here: ${electron.reason}. Starting browser mode instead.`);
    runForwarding(process.execPath, [bundlePath('bridge'), ...passThrough]);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
