// What reads of the file sandbox and of ref://samples/folder look like to an SDK client, on both eras and both
// wires: text or blob is decided by a file's bytes (valid UTF-8 without control characters is text, anything
// else a blob), and a directory answers one content per child under the child's own URI and MIME type, each
// child readable alone; subdirectories are `inode/directory` contents listing their children's URIs.
import type { Client } from '@modelcontextprotocol/client';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect } from 'vitest';
import { eachEraAndWire, serverOnOwnSandbox } from '../test-support/reference-server/wires';

type Content = { uri: string; mimeType?: string; text?: string; blob?: string };

const LATIN1 = Buffer.from('Caf\u00e9 cr\u00e8me br\u00fbl\u00e9e\n', 'latin1');
const WITH_NUL = Buffer.from('looks like text\0but has a NUL\n', 'utf8');
const target = serverOnOwnSandbox(['--resources', '5']); // an empty directory: the server fills it
beforeAll(() => {
  // Reads go to the disk, so files added once the server is up are served at once.
  const { dir } = target();
  mkdirSync(join(dir, 'odd', 'empty'), { recursive: true });
  writeFileSync(join(dir, 'odd', 'nul.txt'), WITH_NUL);
  writeFileSync(join(dir, 'odd', 'CHANGES'), 'UTF-8 text without an extension: naïve\n');
  writeFileSync(join(dir, 'odd', 'big.txt'), Buffer.alloc(1024 * 1024 + 1, 0x61));
});

async function contents(client: Client, uri: string): Promise<Content[]> {
  return (await client.readResource({ uri })).contents as Content[];
}

async function checkContents(client: Client): Promise<void> {
  // Text or blob, from the bytes.
  expect(await contents(client, 'file:///notes/greeting.md')).toEqual([{ uri: 'file:///notes/greeting.md', mimeType: 'text/markdown', text: 'Grüße, 世界 ✓\n' }]);
  const [latin1] = await contents(client, 'file:///notes/latin1.txt');
  expect(latin1).toMatchObject({ uri: 'file:///notes/latin1.txt', mimeType: 'text/plain' });
  expect(latin1.text).toBeUndefined();
  expect(Buffer.from(latin1.blob!, 'base64')).toEqual(LATIN1);
  const [nul] = await contents(client, 'file:///odd/nul.txt');
  expect(nul.text).toBeUndefined();
  expect(Buffer.from(nul.blob!, 'base64')).toEqual(WITH_NUL);
  expect(await contents(client, 'file:///odd/CHANGES')).toEqual([
    { uri: 'file:///odd/CHANGES', mimeType: 'application/octet-stream', text: 'UTF-8 text without an extension: naïve\n' }
  ]);
  expect((await contents(client, 'file:///images/gradient.png'))[0]).toMatchObject({ mimeType: 'image/png', blob: expect.any(String) });

  // A directory: one content per child, by name; each child readable alone with the same content.
  const notes = await contents(client, 'file:///notes');
  expect(notes.map(c => [c.uri, c.mimeType])).toEqual([
    ['file:///notes/greeting.md', 'text/markdown'], ['file:///notes/latin1.txt', 'text/plain'],
    ['file:///notes/meeting.md', 'text/markdown'], ['file:///notes/todo.txt', 'text/plain']
  ]);
  for (const child of notes) expect(await contents(client, child.uri)).toEqual([child]);
  // Subdirectories list their children's URIs; their URIs end in '/' and read as directories themselves.
  const data = await contents(client, 'file:///data/');
  expect(data).toEqual([
    { uri: 'file:///data/nested/', mimeType: 'inode/directory', text: 'file:///data/nested/config.json' },
    expect.objectContaining({ uri: 'file:///data/sales.csv', mimeType: 'text/csv' })
  ]);
  expect((await contents(client, 'file:///data/nested/')).map(c => c.uri)).toEqual(['file:///data/nested/config.json']);
  // A file over the size limit is left out of its directory (read alone, it says why); links never lead out.
  const odd = await contents(client, 'file:///odd');
  expect(odd.map(c => c.uri)).toEqual(['file:///odd/CHANGES', 'file:///odd/empty/', 'file:///odd/nul.txt']);
  expect(odd[1]).toEqual({ uri: 'file:///odd/empty/', mimeType: 'inode/directory', text: '' });
  const root = (await contents(client, 'file:///')).map(c => c.uri);
  expect(root).toContain('file:///link-to-todo.txt');
  expect(root.some(u => u.includes('escape'))).toBe(false);

  // ref://samples/folder: its children are readable at the URIs its read gives them.
  const folder = await contents(client, 'ref://samples/folder');
  expect(folder.map(c => [c.uri, c.mimeType])).toEqual([
    ['ref://samples/folder/readme.txt', 'text/plain'], ['ref://samples/folder/guide.md', 'text/markdown'],
    ['ref://samples/folder/config.json', 'application/json']
  ]);
  for (const child of folder) expect(await contents(client, child.uri)).toEqual([child]);
  // The same sample as at the top level, under the folder's URI.
  expect(folder[1].text).toBe((await contents(client, 'ref://samples/guide.md'))[0].text);
}

eachEraAndWire('sandbox and folder contents', target, checkContents);
