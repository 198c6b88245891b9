// Config through the engine API: first start on the embedded default, servers added/removed and
// imported (saved to the file), a bad file reported and kept; and notifications kept for details.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConfigView, ServerDetails } from '../../../shared/contract';
import { cleanup, engineWith, nextEvent, statusOf, tempDir } from '../../../test-support/engine/engine-harness';
import { referenceServerEntry } from '../config/default-server';

afterAll(cleanup);

describe('config through the engine', () => {
  it('first start: the bundled reference server is configured and connected, nothing written yet', async () => {
    const dir = await tempDir();
    const engine = await engineWith('embedded-default', { dataDir: dir });
    const view = (await engine.host.dispatch('config.get', {})) as ConfigView;
    expect(view).toMatchObject({ path: join(dir, 'config.json'), servers: { reference: { command: process.execPath } } });
    expect(view.error).toBeUndefined();
    expect(view.firstStart).toBe(true);
    expect(await statusOf(engine, 'reference', 'connected')).toMatchObject({ era: 'modern' });
    await expect(readFile(join(dir, 'config.json'))).rejects.toThrow(/ENOENT/);
  });

  it('adds, imports and removes servers, saving each change to the file', async () => {
    const dir = await tempDir();
    const engine = await engineWith({}, { dataDir: dir });
    const configPath = join(dir, 'config.json');
    await expect(engine.host.dispatch('servers.add', { serverId: 'web', config: { type: 'http', url: 'http://127.0.0.1:9/mcp' } })).resolves.toMatchObject({ id: 'web' });
    const claude = join(dir, 'claude_desktop_config.json');
    await writeFile(claude, JSON.stringify({ mcpServers: { old: referenceServerEntry(['--era', 'legacy', '--resources', '3', '--update-interval-ms', '50']), web: { command: 'dup' } } }));
    const imported = await engine.host.dispatch('config.import', { path: claude });
    expect(imported).toEqual({ imported: ['old'], skipped: [{ name: 'web', reason: expect.stringMatching(/already configured/) }] });
    expect(Object.keys(JSON.parse(await readFile(configPath, 'utf8')).mcpServers)).toEqual(['web', 'old']);
    expect(await statusOf(engine, 'old', 'connected')).toMatchObject({ era: 'legacy' });

    // Notifications the server sends are kept for the details view.
    await expect
      .poll(async () => ((await engine.host.dispatch('servers.details', { serverId: 'old' })) as ServerDetails).notifications.length, { timeout: 15_000 })
      .toBeGreaterThan(0);

    const removed = nextEvent(engine.bus, 'serverRemoved', e => e.serverId === 'web');
    await expect(engine.host.dispatch('servers.remove', { serverId: 'web' })).resolves.toEqual({ removed: true });
    await removed;
    expect(Object.keys(JSON.parse(await readFile(configPath, 'utf8')).mcpServers)).toEqual(['old']);
    await expect(engine.host.dispatch('servers.add', { serverId: 'bad', config: { type: 'http', url: 'ftp://x' } })).rejects.toMatchObject({ error: { code: 'invalid_params' } });
  });

  it('reports a bad config file, keeps it, and refuses to overwrite it', async () => {
    const dir = await tempDir();
    const configPath = join(dir, 'config.json');
    const text = '{"mcpServers": {"a": {"type": "http", "url": "not a url"}, "b": {"command": ""}}}';
    await writeFile(configPath, text);
    const engine = await engineWith({}, { dataDir: dir, configPath, defaults: undefined });
    const view = (await engine.host.dispatch('config.get', {})) as ConfigView;
    expect(view.error).toMatch(/mcpServers\.a\.url: /);
    expect(view.firstStart).toBeUndefined();
    expect(view.error).toMatch(/mcpServers\.b\.command: command must not be empty/);
    await expect(engine.host.dispatch('servers.add', { serverId: 'c', config: { command: 'x' } })).rejects.toMatchObject({ error: { code: 'config' } });
    expect(await readFile(configPath, 'utf8')).toBe(text);
    expect(await engine.host.dispatch('servers.list', {})).toEqual([]);
  });
});
