// The palette's resource finder over several servers' lists: the picker's tiers (exact name before prefix
// before substring before typo), a limit, nothing for an empty query, and lists of different servers.
import { describe, expect, it } from 'vitest';
import { item } from '../../test-support/picker/items';
import { ResourceFinder } from './resource-finder';

const alpha = [item('ref://docs/guide.md', { serverId: 'alpha' }), item('ref://docs/readme.txt', { serverId: 'alpha' }), item('ref://data/config.json', { serverId: 'alpha' })];
const beta = [
  item('file:///work/guides/setup-guide.md', { serverId: 'beta', name: 'setup-guide.md' }),
  item('file:///work/readme', { serverId: 'beta', name: 'readme', title: 'Read me first' })
];

describe('ResourceFinder', () => {
  it('finds by name, title or URI across servers, best tier first', () => {
    const finder = new ResourceFinder([alpha, beta]);
    expect(finder.find('guide.md', 10).map(i => `${i.serverId} ${i.uri}`)).toEqual(['alpha ref://docs/guide.md', 'beta file:///work/guides/setup-guide.md']);
    expect(finder.find('read me first', 10).map(i => i.uri)).toEqual(['file:///work/readme']);
    expect(finder.find('data/config', 10).map(i => i.uri)).toEqual(['ref://data/config.json']);
    // A typo still finds it (the picker's typo tier).
    expect(finder.find('confg', 10).map(i => i.uri)).toEqual(['ref://data/config.json']);
  });

  it('returns at most `limit` items and none for an empty query or no lists', () => {
    const many = Array.from({ length: 500 }, (_, k) => item(`ref://many/item-${k}.txt`, { serverId: 'alpha' }));
    const finder = new ResourceFinder([many]);
    expect(finder.find('item', 20)).toHaveLength(20);
    expect(finder.find('item-42', 20).map(i => i.uri)[0]).toBe('ref://many/item-42.txt');
    expect(finder.find('   ', 20)).toEqual([]);
    expect(new ResourceFinder([]).find('anything', 5)).toEqual([]);
  });
});
