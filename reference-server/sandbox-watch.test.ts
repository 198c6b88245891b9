// The file sandbox as listed, watched resources, on both eras and both wires: its directories and files appear
// in resources/list; a file changed on disk sends `updated` to its watchers (and its directory's); a file added
// or removed sends `list_changed`. The watcher itself is checked directly too: bursts are debounced into one
// report, and nothing is reported once it is closed.
import type { Client, Resource } from '@modelcontextprotocol/client';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listAllResources, recordNotifications, subscribe } from '../test-support/reference-server/scenarios';
import { connectHttp, connectStdio, eventually, type ClientEra } from '../test-support/reference-server/harness';
import { serverOnOwnSandbox } from '../test-support/reference-server/wires';
import { SandboxTree } from './sandbox-tree';

/** No tick during a test, so every `list_changed` seen comes from the disk (not the ephemeral resource). */
const QUIET = ['--resources', '5', '--update-interval-ms', '3600000'];
const dirs: string[] = [];
function sandboxDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'reference-sandbox-watch-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const listed = async (client: Client): Promise<Map<string, Resource>> =>
  new Map((await listAllResources(client)).resources.map(r => [r.uri, r]));

/** `root` is the sandbox on disk; `name` a directory of this check's own, so checks sharing a server never meet. */
async function checkWatching(client: Client, era: ClientEra, root: string, name: string): Promise<void> {
  // The sandbox is listed: the root, directories (inode/directory, URIs ending in '/') and files with their size.
  const before = await listed(client);
  expect(before.get('file:///')).toMatchObject({ mimeType: 'inode/directory', name: 'sandbox' });
  expect(before.get('file:///notes/')).toMatchObject({ mimeType: 'inode/directory', title: 'notes/' });
  expect(before.get('file:///notes/todo.txt')).toMatchObject({ mimeType: 'text/plain', size: expect.any(Number), annotations: { lastModified: expect.any(String) } });
  expect(before.get('file:///link-to-todo.txt')).toMatchObject({ mimeType: 'text/plain' });
  expect([...before.keys()].some(u => u.includes('escape'))).toBe(false);

  const dirUri = `file:///${name}/`;
  const fileUri = `file:///${name}/a.txt`;
  mkdirSync(join(root, name));
  writeFileSync(join(root, name, 'a.txt'), 'one');
  await expect.poll(async () => (await listed(client)).get(fileUri)?.size, { timeout: 10_000 }).toBe(3);

  const { updated, listChanged } = recordNotifications(client);
  const close = await subscribe(client, era, [fileUri, dirUri]);
  try {
    // A change on disk: `updated` for the file and its directory, and the new content on the next read.
    writeFileSync(join(root, name, 'a.txt'), 'two!');
    await eventually(() => (updated.includes(fileUri) && updated.includes(dirUri) ? true : undefined));
    const read = await client.readResource({ uri: fileUri }, { cacheMode: 'bypass' });
    expect(read.contents).toEqual([{ uri: fileUri, mimeType: 'text/plain', text: 'two!' }]);
    expect((await listed(client)).get(fileUri)?.size).toBe(4);

    // A file added, then removed: `list_changed` each time, and the listing follows.
    const added = `file:///${name}/b.txt`;
    let seen = listChanged();
    writeFileSync(join(root, name, 'b.txt'), 'new');
    await eventually(() => (listChanged() > seen ? true : undefined));
    expect((await listed(client)).has(added)).toBe(true);
    seen = listChanged();
    rmSync(join(root, name, 'b.txt'));
    await eventually(() => (listChanged() > seen ? true : undefined));
    expect((await listed(client)).has(added)).toBe(false);
    // Only what was watched is announced.
    expect(updated.filter(u => u !== fileUri && u !== dirUri)).toEqual([]);
  } finally {
    await close();
  }
}

describe('over HTTP', () => {
  const target = serverOnOwnSandbox(QUIET);
  it.each<ClientEra>(['modern', 'legacy'])('lists the sandbox and announces changes on disk (%s client)', async era => {
    const client = await connectHttp(target().url, era);
    try {
      await checkWatching(client, era, target().dir, `http-${era}`);
    } finally {
      await client.close();
    }
  });
});

describe('over stdio', () => {
  it.each<ClientEra>(['modern', 'legacy'])('lists the sandbox and announces changes on disk (%s client)', async era => {
    const root = sandboxDir();
    const { client, transport } = await connectStdio(era, [...QUIET, '--sandbox-dir', root]);
    transport.stderr?.on('data', () => undefined);
    try {
      await checkWatching(client, era, root, `stdio-${era}`);
    } finally {
      await client.close();
    }
  });
});

describe('the watcher', () => {
  it('reports a burst of changes once, and nothing after it is closed', async () => {
    const root = realpathSync(sandboxDir());
    mkdirSync(join(root, 'sub'));
    const tree = new SandboxTree(root);
    const events = { updated: [] as string[], listChanged: 0 };
    tree.watch({ updated: uri => events.updated.push(uri), listChanged: () => events.listChanged++ });
    try {
      for (let i = 0; i < 20; i++) writeFileSync(join(root, 'sub', `f${i}.txt`), String(i));
      await eventually(() => (events.listChanged > 0 ? true : undefined));
      await new Promise(r => setTimeout(r, 400)); // longer than the debounce: anything late would show now
      expect(events.listChanged).toBe(1);
      expect(new Set(events.updated)).toEqual(new Set(['file:///', 'file:///sub/', ...Array.from({ length: 20 }, (_, i) => `file:///sub/f${i}.txt`)]));
      expect(tree.resources().filter(r => r.uri.startsWith('file:///sub/f'))).toHaveLength(20);
    } finally {
      tree.close();
    }
    const count = events.updated.length;
    writeFileSync(join(root, 'sub', 'late.txt'), 'late');
    await new Promise(r => setTimeout(r, 400));
    expect(events.updated).toHaveLength(count);
    expect(events.listChanged).toBe(1);
  });
});
