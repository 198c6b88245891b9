// `config.reload` against a real config file and real stdio servers: a file edited by hand while the app runs is
// applied (removed servers stop, new ones connect, unchanged ones carry on), and a broken one is reported and kept,
// stopping nothing.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConfigView, ServerConfigEntry } from '../../../shared/contract';
import { referenceServerEntry } from './default-server';
import { cleanup, engineWith, statusOf, tempDir } from '../../../test-support/engine/engine-harness';

afterAll(cleanup);

const file = (servers: Record<string, ServerConfigEntry>) => `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`;

describe('config.reload', () => {
  it('applies a file edited by hand, and reports a broken one without touching it', async () => {
    const dir = await tempDir('config-reload-');
    const configPath = join(dir, 'config.json');
    const a = referenceServerEntry(['--resources', '5']);
    const b = referenceServerEntry(['--resources', '7']);
    await writeFile(configPath, file({ a }));
    const engine = await engineWith({}, { dataDir: dir, configPath });
    await statusOf(engine, 'a', 'connected', 30_000);
    const connectionOfA = engine.registry.get('a');
    const reload = () => engine.host.dispatch('config.reload', {}) as Promise<ConfigView>;

    // A trailing comma, as a hand edit often leaves: reported, the file as it was, no server from it; the running
    // server is not stopped (stopping it would forget its sign-in) until the file is fixed.
    const broken = '{ "mcpServers": { "a": { "command": "node" }, } }\n';
    await writeFile(configPath, broken);
    const refused = await reload();
    expect(refused.error).toMatch(/is not valid JSON/);
    expect(refused.servers).toEqual({});
    expect(engine.registry.ids()).toEqual(['a']);
    expect(engine.registry.get('a')).toBe(connectionOfA);
    expect(await readFile(configPath, 'utf8')).toBe(broken);

    // Fixed, with a second server: both run, a on the connection it had, and the error is gone.
    await writeFile(configPath, file({ a, b }));
    const fixed = await reload();
    expect(fixed.error).toBeUndefined();
    expect(Object.keys(fixed.servers).sort()).toEqual(['a', 'b']);
    expect(engine.registry.get('a')).toBe(connectionOfA);
    await statusOf(engine, 'b', 'connected', 30_000);
    const connectionOfB = engine.registry.get('b');

    // b unchanged, a gone: a stops, b keeps its connection.
    await writeFile(configPath, file({ b }));
    await reload();
    expect(engine.registry.ids()).toEqual(['b']);
    expect(engine.registry.get('b')).toBe(connectionOfB);
  });
});
