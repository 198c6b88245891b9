// Editing and disabling a configured server through the engine API, against the real reference server over
// stdio: secrets stay in the file (the page sees them redacted and sending the redaction back keeps them),
// a disabled server disconnects and keeps its entry, enabling connects it again.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REDACTED_SECRET, type ConfigView, type ServerState } from '../../../shared/contract';
import { cleanup, engineWith, statusOf, tempDir } from '../../../test-support/engine/engine-harness';
import { referenceServerEntry } from '../config/default-server';

afterAll(cleanup);

async function fileServers(dir: string): Promise<Record<string, Record<string, unknown>>> {
  return JSON.parse(await readFile(join(dir, 'config.json'), 'utf8')).mcpServers;
}

describe('servers.update and servers.setDisabled', () => {
  it('shows secrets redacted, keeps them when the redaction comes back, replaces them when typed', async () => {
    const dir = await tempDir();
    const engine = await engineWith({}, { dataDir: dir });
    const reference = referenceServerEntry(['--resources', '3']);
    await engine.host.dispatch('servers.add', { serverId: 'ref', config: { ...reference, env: { API_KEY: 'sekret-1', HOME_REF: '${env:HOME}' } } });
    await engine.host.dispatch('servers.add', {
      serverId: 'web',
      config: { type: 'http', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer tok-1' }, oauth: { clientId: 'c', clientSecret: 'cs-1' } }
    });

    const view = (await engine.host.dispatch('config.get', {})) as ConfigView;
    expect(view.servers.ref).toMatchObject({ env: { API_KEY: REDACTED_SECRET, HOME_REF: '${env:HOME}' } });
    expect(view.servers.web).toMatchObject({ headers: { Authorization: REDACTED_SECRET }, oauth: { clientSecret: REDACTED_SECRET } });
    expect(JSON.stringify(view)).not.toMatch(/sekret-1|tok-1|cs-1/);

    // The page sends back what it saw, with one argument changed: the stored secrets stay.
    const updated = (await engine.host.dispatch('servers.update', {
      serverId: 'ref',
      config: { ...view.servers.ref, args: [...reference.args!, '--page-size', '2'] }
    })) as ServerState;
    expect(updated.id).toBe('ref');
    expect(await statusOf(engine, 'ref', 'connected')).toMatchObject({ era: 'modern' });
    expect((await fileServers(dir)).ref).toMatchObject({ env: { API_KEY: 'sekret-1', HOME_REF: '${env:HOME}' }, args: expect.arrayContaining(['--page-size', '2']) });

    await engine.host.dispatch('servers.update', {
      serverId: 'web',
      config: { ...view.servers.web, headers: { Authorization: 'Bearer tok-2', 'X-Extra': 'plain' } }
    });
    expect((await fileServers(dir)).web).toEqual({
      type: 'http',
      url: 'http://127.0.0.1:9/mcp',
      headers: { Authorization: 'Bearer tok-2', 'X-Extra': 'plain' },
      oauth: { clientId: 'c', clientSecret: 'cs-1' }
    });

    // A redaction with nothing stored under that name is refused, and the file is unchanged.
    const before = await readFile(join(dir, 'config.json'), 'utf8');
    await expect(
      engine.host.dispatch('servers.update', { serverId: 'web', config: { type: 'http', url: 'http://127.0.0.1:9/mcp', headers: { 'X-New': REDACTED_SECRET } } })
    ).rejects.toMatchObject({ error: { code: 'invalid_params', message: expect.stringMatching(/headers\.X-New/) } });
    expect(await readFile(join(dir, 'config.json'), 'utf8')).toBe(before);
    await expect(engine.host.dispatch('servers.update', { serverId: 'nope', config: { command: 'x' } })).rejects.toMatchObject({ error: { code: 'unknown_server' } });
  });

  it('disables a connected server (disconnected, entry kept) and enables it again (connected)', async () => {
    const dir = await tempDir();
    const engine = await engineWith({}, { dataDir: dir });
    await engine.host.dispatch('servers.add', { serverId: 'ref', config: referenceServerEntry(['--resources', '3']) });
    await statusOf(engine, 'ref', 'connected');

    const disabled = (await engine.host.dispatch('servers.setDisabled', { serverId: 'ref', disabled: true })) as ServerState;
    expect(disabled).toMatchObject({ status: 'disconnected', disabled: true });
    expect((await fileServers(dir)).ref).toMatchObject({ disabled: true, command: process.execPath });
    await expect(engine.host.dispatch('resources.list', { serverId: 'ref' })).rejects.toMatchObject({ error: { message: expect.stringMatching(/disabled/) } });

    // An edit keeps it disabled: enabling is its own step.
    const view = (await engine.host.dispatch('config.get', {})) as ConfigView;
    const { disabled: _flag, ...entry } = view.servers.ref;
    await engine.host.dispatch('servers.update', { serverId: 'ref', config: entry });
    expect((await fileServers(dir)).ref).toMatchObject({ disabled: true });

    const enabled = (await engine.host.dispatch('servers.setDisabled', { serverId: 'ref', disabled: false })) as ServerState;
    expect(enabled.disabled).toBeUndefined();
    expect(await statusOf(engine, 'ref', 'connected')).toMatchObject({ era: 'modern' });
    expect((await fileServers(dir)).ref).not.toHaveProperty('disabled');
    await expect(engine.host.dispatch('servers.setDisabled', { serverId: 'nope', disabled: true })).rejects.toMatchObject({ error: { code: 'unknown_server' } });
  });
});
