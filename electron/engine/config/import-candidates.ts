// Where Claude Desktop, Cursor and VS Code keep their MCP server files, and which of those exist here.
// Only checked with stat: the files are read when the user picks one (config.import).
import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, win32 } from 'node:path';
import type { ImportCandidate } from '../../../shared/contract';

/** What decides the locations: passed in so tests can use a fake home and platform. */
export interface HostDirs {
  platform: NodeJS.Platform;
  home: string;
  /** `%APPDATA%` (Windows only). */
  appData?: string;
  /** `$XDG_CONFIG_HOME` (Linux and other Unix only). */
  xdgConfigHome?: string;
}

export function currentHostDirs(): HostDirs {
  const env = process.env;
  return { platform: process.platform, home: homedir(), appData: env.APPDATA || undefined, xdgConfigHome: env.XDG_CONFIG_HOME || undefined };
}

/** Every well-known file for this platform, whether or not it exists, in display order. */
export function importCandidatePaths(dirs: HostDirs): ImportCandidate[] {
  const windows = dirs.platform === 'win32';
  const joinPath = windows ? win32.join : join;
  // The per-user folder where Claude Desktop and VS Code keep their settings.
  const appConfigDir =
    dirs.platform === 'darwin'
      ? joinPath(dirs.home, 'Library', 'Application Support')
      : windows
        ? (dirs.appData ?? joinPath(dirs.home, 'AppData', 'Roaming'))
        : (dirs.xdgConfigHome ?? joinPath(dirs.home, '.config'));
  return [
    { app: 'claude', label: 'Claude Desktop', path: joinPath(appConfigDir, 'Claude', 'claude_desktop_config.json') },
    { app: 'cursor', label: 'Cursor', path: joinPath(dirs.home, '.cursor', 'mcp.json') },
    { app: 'vscode', label: 'VS Code (user)', path: joinPath(appConfigDir, 'Code', 'User', 'mcp.json') }
  ];
}

/** The well-known files that exist as regular files; any stat failure (missing, no access) leaves one out. */
export async function findImportCandidates(dirs: HostDirs): Promise<ImportCandidate[]> {
  const all = importCandidatePaths(dirs);
  const present = await Promise.all(all.map(c => stat(c.path).then(s => s.isFile(), () => false)));
  return all.filter((_, i) => present[i]);
}
