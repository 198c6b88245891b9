// `resources.lastKnown` answers with its items packed as `listProgress` items are: unpacked on the page they are
// exactly the items the engine made from the cached pages, every field and every invalid annotation included.
import { describe, expect, it } from 'vitest';
import { eventLoopTurns as turns } from '../../../test-support/engine/event-loop';
import { unpackListResult, type ServerConfigEntry, type ServerId } from '../../../shared/contract';
import type { LastKnownList } from '../cache/last-known';
import type { EnginePorts } from '../ports';
import { toResourceItem } from './items';
import { LastKnownAnswers, lastKnownResources } from './last-known-list';

const entry: ServerConfigEntry = { type: 'http', url: 'http://127.0.0.1:1/mcp' };
const portsWith = (known: LastKnownList | undefined) => ({ cache: { lastKnownResources: () => known } }) as unknown as EnginePorts;

const raw = [
  { uri: 'ref://plain', name: 'plain' },
  {
    uri: 'ref://full',
    name: 'full',
    title: 'Full "quoted" <b>',
    description: 'line\nbreak \u2028',
    mimeType: 'text/markdown',
    size: 0,
    annotations: { audience: ['assistant', 'user'], priority: 0.25, lastModified: '2026-01-01T00:00:00Z' },
    icons: [{ src: 'data:image/svg+xml;base64,PHN2Zy8+', mimeType: 'image/svg+xml', sizes: ['any'], theme: 'dark' }]
  },
  // The engine lists what it dropped: priority 7 and a date Date.parse would take.
  { uri: 'ref://invalid', name: 'invalid', mimeType: 'text/markdown', annotations: { audience: ['user'], priority: 7, lastModified: 'March 7, 2024' } }
];

describe('lastKnownResources', () => {
  it('packs the items, which unpack (through JSON, as the page gets them) to every field the engine made', () => {
    const known = lastKnownResources(portsWith({ items: raw, pageTexts: ['{}', '{}'], storedAt: 1_000, expiresAt: 2_000 }), 'ref', entry, 5_000);
    expect(known?.items).toMatchObject({ count: 3, rows: expect.any(Array), shared: expect.any(Array) });
    const unpacked = unpackListResult(JSON.parse(JSON.stringify(known)));
    const expected = raw.map(r => toResourceItem('ref', r));
    expect(expected[2].invalidAnnotations).toHaveLength(2);
    expect(unpacked).toEqual({
      serverId: 'ref',
      items: expected,
      pages: 2,
      cache: { state: 'stale', scope: 'public', receivedAt: 1_000, expiresAt: 2_000, ttlMs: 1_000 }
    });
  });

  it('is null without a whole last known list', () => {
    expect(lastKnownResources(portsWith(undefined), 'ref', entry)).toBeNull();
  });
});

const raiseCorrupt = (): never => {
  throw new Error('corrupt');
};

describe('LastKnownAnswers', () => {
  /** A stand-in cache port: counts how often a list is put together, and changes when told. */
  function countingPorts() {
    const state = { reads: 0, version: 0, items: raw };
    const ports = {
      cache: {
        lastKnownResources: () => {
          state.reads++;
          return { items: state.items, pageTexts: [JSON.stringify({ resources: state.items })], storedAt: 1_000, expiresAt: 2_000 };
        },
        version: () => state.version
      }
    } as unknown as EnginePorts;
    return { state, ports };
  }
  const servers: [ServerId, ServerConfigEntry][] = [
    ['a', entry],
    ['b', entry]
  ];

  it('makes the answers ahead, one server per turn, and gives each once as it would have been made then', async () => {
    const { state, ports } = countingPorts();
    const answers = new LastKnownAnswers(ports);
    answers.prepare(servers);
    expect(state.reads).toBe(0);
    await turns(4);
    expect(state.reads).toBe(2);
    expect(answers.answer('a', entry, 5_000)).toEqual(lastKnownResources(ports, 'a', entry, 5_000));
    expect(state.reads).toBe(3);
    // Given once: asked again, it is made again.
    answers.answer('a', entry, 5_000);
    expect(state.reads).toBe(4);
  });

  it('remembers the list it gave, once, for the live listing that follows (its items parsed only when asked)', async () => {
    const { state, ports } = countingPorts();
    const answers = new LastKnownAnswers(ports);
    expect(answers.takeGiven('a', entry)).toBeUndefined();
    answers.answer('a', entry, 5_000);
    const reads = state.reads;
    const given = answers.takeGiven('a', entry);
    expect(given?.pageTexts).toEqual([JSON.stringify({ resources: raw })]);
    expect(given?.storedAt).toBe(1_000);
    expect(given?.items()).toEqual(raw);
    expect(state.reads).toBe(reads);
    expect(answers.takeGiven('a', entry)).toBeUndefined();
    // Given for another configuration of the server: not the list its listing now shows over.
    answers.answer('b', entry, 5_000);
    expect(answers.takeGiven('b', { type: 'http', url: 'http://127.0.0.1:2/mcp' })).toBeUndefined();
  });

  it('makes it again when the cache changed after it was made ahead', async () => {
    const { state, ports } = countingPorts();
    const answers = new LastKnownAnswers(ports);
    answers.prepare(servers);
    await turns(4);
    state.version++;
    state.items = raw.slice(0, 1);
    const reads = state.reads;
    expect(unpackListResult(answers.answer('b', entry, 5_000)!).items.map(i => i.uri)).toEqual(['ref://plain']);
    expect(state.reads).toBe(reads + 1);
  });

  it('skips a server whose answer cannot be made ahead, and makes the others', async () => {
    let reads = 0;
    const ports = {
      cache: {
        // The first read (a's, made ahead) and the third (a's again, when asked) fail.
        lastKnownResources: () => (++reads % 2 === 1 ? raiseCorrupt() : { items: raw, pageTexts: ['{}'], storedAt: 1_000, expiresAt: 2_000 }),
        version: () => 0
      }
    } as unknown as EnginePorts;
    const answers = new LastKnownAnswers(ports);
    answers.prepare([
      ['a', entry],
      ['b', entry]
    ]);
    await turns(4);
    expect(reads).toBe(2);
    expect(answers.answer('b', entry, 5_000)?.items.count).toBe(3);
    expect(reads).toBe(2);
    // Asked, it is made then, and fails where the caller sees it.
    expect(() => answers.answer('a', entry, 5_000)).toThrow('corrupt');
  });
});
