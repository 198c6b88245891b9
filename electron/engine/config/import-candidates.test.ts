// Well-known import files: the locations per platform (pure), and which exist, on real files under a temp
// fake home (the real home is never looked at).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findImportCandidates, importCandidatePaths } from './import-candidates';

describe('importCandidatePaths', () => {
  it('uses ~/.config on Linux, or XDG_CONFIG_HOME when set', () => {
    expect(importCandidatePaths({ platform: 'linux', home: '/h' }).map(c => c.path)).toEqual([
      '/h/.config/Claude/claude_desktop_config.json',
      '/h/.cursor/mcp.json',
      '/h/.config/Code/User/mcp.json'
    ]);
    expect(importCandidatePaths({ platform: 'linux', home: '/h', xdgConfigHome: '/x' }).map(c => c.path)).toEqual([
      '/x/Claude/claude_desktop_config.json',
      '/h/.cursor/mcp.json',
      '/x/Code/User/mcp.json'
    ]);
  });

  it('uses Application Support on macOS, ignoring XDG_CONFIG_HOME', () => {
    expect(importCandidatePaths({ platform: 'darwin', home: '/Users/u', xdgConfigHome: '/x' }).map(c => c.path)).toEqual([
      '/Users/u/Library/Application Support/Claude/claude_desktop_config.json',
      '/Users/u/.cursor/mcp.json',
      '/Users/u/Library/Application Support/Code/User/mcp.json'
    ]);
  });

  it('uses %APPDATA% on Windows with backslashes', () => {
    expect(importCandidatePaths({ platform: 'win32', home: 'C:\\Users\\u', appData: 'D:\\Roaming' })).toEqual([
      { app: 'claude', label: 'Claude Desktop', path: 'D:\\Roaming\\Claude\\claude_desktop_config.json' },
      { app: 'cursor', label: 'Cursor', path: 'C:\\Users\\u\\.cursor\\mcp.json' },
      { app: 'vscode', label: 'VS Code (user)', path: 'D:\\Roaming\\Code\\User\\mcp.json' }
    ]);
  });
});

describe('findImportCandidates', () => {
  let home: string;
  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), 'mrb-fake-home-'));
  });
  afterEach(async () => {
    await rm(home, { recursive: true, force: true });
  });

  const put = async (path: string) => {
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, '{ "mcpServers": {} }');
  };

  it('lists exactly the files that exist (Cursor and Claude here, no VS Code)', async () => {
    await put(join(home, '.cursor', 'mcp.json'));
    await put(join(home, '.config', 'Claude', 'claude_desktop_config.json'));
    // VS Code's folder exists but its mcp.json does not.
    await mkdir(join(home, '.config', 'Code', 'User'), { recursive: true });
    expect(await findImportCandidates({ platform: 'linux', home })).toEqual([
      { app: 'claude', label: 'Claude Desktop', path: join(home, '.config', 'Claude', 'claude_desktop_config.json') },
      { app: 'cursor', label: 'Cursor', path: join(home, '.cursor', 'mcp.json') }
    ]);
  });

  it('leaves out a folder standing where a file is expected, and finds nothing in an empty home', async () => {
    expect(await findImportCandidates({ platform: 'linux', home })).toEqual([]);
    await mkdir(join(home, '.cursor', 'mcp.json'), { recursive: true });
    expect(await findImportCandidates({ platform: 'linux', home })).toEqual([]);
  });
});
