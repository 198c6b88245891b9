// Finds a runnable Electron binary without `require('electron')` (which would start a download).
// The npm package records the binary's path in path.txt once its install script has fetched it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

function binaryFromPathTxt(packageDir) {
  const pathTxt = path.join(packageDir, 'path.txt');
  if (!existsSync(pathTxt)) return null;
  const binary = path.join(packageDir, 'dist', readFileSync(pathTxt, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

/**
 * Resolves `{ binary }` or `{ reason }`. When the package is present but its binary is not, the
 * package's own install script gets one try (it fails fast where the download host is unreachable).
 */
export function findElectronBinary(projectRoot, { tryInstall = true, installTimeoutMs = 120_000 } = {}) {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    const binary = path.join(process.env.ELECTRON_OVERRIDE_DIST_PATH, process.platform === 'win32' ? 'electron.exe' : 'electron');
    if (existsSync(binary)) return { binary };
  }
  const packageDir = path.join(projectRoot, 'node_modules', 'electron');
  if (!existsSync(path.join(packageDir, 'package.json'))) {
    return { reason: `the optional "electron" package is not installed (it needs Node >= 22.12; this is Node ${process.versions.node})` };
  }
  const found = binaryFromPathTxt(packageDir);
  if (found) return { binary: found };
  if (!tryInstall || !existsSync(path.join(packageDir, 'install.js'))) return { reason: 'the Electron binary is missing' };
  const install = spawnSync(process.execPath, [path.join(packageDir, 'install.js')], {
    cwd: packageDir,
    stdio: 'ignore',
    timeout: installTimeoutMs
  });
  const installed = binaryFromPathTxt(packageDir);
  if (installed) return { binary: installed };
  return { reason: `the Electron binary is missing and its install script failed (exit ${install.status ?? install.signal ?? install.error?.message})` };
}
