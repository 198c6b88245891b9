// `config.reload` against a real config file and real stdio servers: a file edited by hand while the app runs is
// applied (removed servers stop, new ones connect, unchanged ones carry on), and a broken one is reported and kept,
// stopping nothing. The engine also follows the file: an edit made elsewhere is applied by itself and told
// (`configChanged`); the app's own saves are not taken for one.
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConfigView, ServerConfigEntry } from '../../../shared/contract';
import { referenceServerEntry } from './default-server';
import { cleanup, engineWith, nextEvent, statusOf, tempDir } from '../../../test-support/engine/engine-harness';

afterAll(cleanup);

const file = (servers: Record<string, ServerConfigEntry>) => `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`;

const a = referenceServerEntry(['--resources', '5']);
const b = referenceServerEntry(['--resources', '7']);
const c = referenceServerEntry(['--resources', '9']);

/** An engine on a config file of its own that lists `a`, once `a` is connected; the file followed or not. */
async function engineOnFile(followConfigMs: number | false) {
  const dir = await tempDir('config-');
  const configPath = join(dir, 'config.json');
  await writeFile(configPath, file({ a }));
  const engine = await engineWith({}, { dataDir: dir, configPath, followConfigMs });
  await statusOf(engine, 'a', 'connected', 30_000);
  return { engine, configPath, connectionOfA: engine.registry.get('a') };
}

describe('config.reload', () => {
  it('applies a file edited by hand, and reports a broken one without touching it', async () => {
    // Not followed: only the reloads asked for here read the file.
    const { engine, configPath, connectionOfA } = await engineOnFile(false);
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

describe('the config file, followed on disk', () => {
  it('applies an edit made elsewhere by itself and says so, and does not take the app\u2019s own save for one', async () => {
    const { engine, configPath, connectionOfA } = await engineOnFile(50);
    const changes: ConfigView[] = [];
    engine.bus.on('configChanged', view => void changes.push(view));

    // Saved by an editor (a new file renamed over the old one, as most do): applied without a call.
    const added = nextEvent(engine.bus, 'configChanged', view => 'b' in view.servers, 10_000);
    await writeFile(`${configPath}.tmp`, file({ a, b }));
    await rename(`${configPath}.tmp`, configPath);
    expect(Object.keys((await added).servers).sort()).toEqual(['a', 'b']);
    await statusOf(engine, 'b', 'connected', 30_000);
    expect(engine.registry.get('a')).toBe(connectionOfA);

    // The app's own save (a server added from the page) is not an edit made elsewhere: no change is told.
    const told = changes.length;
    await engine.host.dispatch('servers.add', { serverId: 'c', config: c });
    await new Promise(resolve => setTimeout(resolve, 500));
    expect(changes.length).toBe(told);
    expect(engine.registry.ids().sort()).toEqual(['a', 'b', 'c']);

    // A file that is gone (an editor deleting before it writes, a file being moved) is no edit: read, it would be a
    // first start with the embedded default alone. Nothing is told or stopped; back as it was, nothing changed.
    const saved = await readFile(configPath, 'utf8');
    const beforeRemoval = changes.length;
    await rm(configPath);
    await new Promise(resolve => setTimeout(resolve, 500));
    expect(changes.length).toBe(beforeRemoval);
    expect(engine.registry.ids().sort()).toEqual(['a', 'b', 'c']);
    // Put back whole (a new file renamed over the path), so no look can catch it half written.
    await writeFile(`${configPath}.tmp`, saved);
    await rename(`${configPath}.tmp`, configPath);
    await new Promise(resolve => setTimeout(resolve, 500));
    expect(changes.length).toBe(beforeRemoval);

    // A broken edit is told with what is wrong, and stops nothing; fixed without c, c stops.
    const refused = nextEvent(engine.bus, 'configChanged', view => view.error !== undefined, 10_000);
    await writeFile(configPath, '{ "mcpServers": { } ,}');
    expect((await refused).error).toMatch(/is not valid JSON/);
    expect(engine.registry.ids().sort()).toEqual(['a', 'b', 'c']);
    const fixed = nextEvent(engine.bus, 'configChanged', view => view.error === undefined, 10_000);
    await writeFile(configPath, file({ a, b }));
    expect(Object.keys((await fixed).servers).sort()).toEqual(['a', 'b']);
    expect(engine.registry.ids().sort()).toEqual(['a', 'b']);
    expect(engine.registry.get('a')).toBe(connectionOfA);
  });
});
