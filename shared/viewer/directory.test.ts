import { describe, expect, it } from 'vitest';
import type { ContentPart } from '../contract';
import { directoryRead } from './directory';

const entry = (uri: string, mimeType?: string, extra: Partial<ContentPart> = {}): ContentPart => ({ uri, ...(mimeType && { mimeType }), kind: 'blob', blob: '', size: 0, ...extra }) as ContentPart;

describe('directoryRead', () => {
  it('is no directory for an ordinary read', () => {
    const contents: ContentPart[] = [{ uri: 'ref://a.txt', mimeType: 'text/plain', kind: 'text', text: 'hi' }];
    expect(directoryRead({ uri: 'ref://a.txt', contents })).toEqual({ parts: contents });
    // A file read answered at its own URI is not a listing.
    expect(directoryRead({ uri: 'file:///notes/todo.txt', contents: [{ uri: 'file:///notes/todo.txt', kind: 'text', text: 'x' }] }).entries).toBeUndefined();
  });

  it('lists the children of an inode/directory resource, named by the server or by their URI, and previews none without content', () => {
    const contents = [entry('ref://samples/folder/readme.txt', 'text/plain', { name: 'Read me' }), entry('ref://samples/folder/sub%20dir/', 'inode/directory'), entry('ref://samples/folder/config.json')];
    const read = directoryRead({ uri: 'ref://samples/folder', contents }, 'inode/directory');
    expect(read.entries).toEqual([
      { uri: 'ref://samples/folder/readme.txt', name: 'Read me', mimeType: 'text/plain', isDirectory: false },
      { uri: 'ref://samples/folder/sub%20dir/', name: 'sub dir', mimeType: 'inode/directory', isDirectory: true },
      { uri: 'ref://samples/folder/config.json', name: 'config.json', isDirectory: false }
    ]);
    expect(read.parts).toEqual([]);
  });

  it('keeps previewing children that came with content', () => {
    const withText: ContentPart = { uri: 'ref://samples/folder/guide.md', mimeType: 'text/markdown', kind: 'text', text: '# Guide' };
    const read = directoryRead({ uri: 'ref://samples/folder', contents: [withText, entry('ref://samples/folder/x')] }, 'inode/directory; charset=binary');
    expect(read.entries?.map(e => e.name)).toEqual(['guide.md', 'x']);
    expect(read.parts).toEqual([withText]);
  });

  it('sees a file:// directory by its children (no type needed), and one with an inode/directory child', () => {
    const files = [entry('file:///data/a.csv', 'text/csv'), entry('file:///data/b/', 'inode/directory', { kind: 'text', text: 'c.txt' } as Partial<ContentPart>)];
    expect(directoryRead({ uri: 'file:///data', contents: files }).entries?.map(e => [e.name, e.isDirectory])).toEqual([
      ['a.csv', false],
      ['b', true]
    ]);
    expect(directoryRead({ uri: 'file:///data/', contents: [entry('file:///data/a.csv', 'text/csv')] }).entries).toHaveLength(1);
    expect(directoryRead({ uri: 'file:///data', contents: [entry('file:///data/deep/a.csv')] }).entries).toBeUndefined();
  });

  it('reads child names from a content that stands for the directory itself', () => {
    const read = directoryRead({ uri: 'file:///data/b/', contents: [{ uri: 'file:///data/b/', mimeType: 'inode/directory', kind: 'text', text: 'c.txt\nd e.md\n' }] });
    expect(read.entries).toEqual([
      { uri: 'file:///data/b/c.txt', name: 'c.txt', isDirectory: false },
      { uri: 'file:///data/b/d%20e.md', name: 'd e.md', isDirectory: false }
    ]);
    expect(read.parts).toEqual([]);
  });
});
