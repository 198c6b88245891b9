// The era probe over stdio runs in the process that then serves the connection: a first connection starts a
// server once, where the SDK's own probe starts it twice (a throwaway process for `server/discover`). Real
// reference-server processes, each wrapped so its starts are counted (test-support/engine/server-wrappers.ts).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, engineWith, statusOf, tempDir } from '../../../test-support/engine/engine-harness';
import { countedStarts, exitsBeforeInitialize, startsOf } from '../../../test-support/engine/server-wrappers';
import { referenceServerEntry } from '../config/default-server';

afterAll(cleanup);

// Each test starts its servers once or twice; on a loaded 2-core machine a start can take seconds. A deadline, not
// a speed check.
const CONNECT_MS = 60_000;
const savedVerdicts = async (dataDir: string) => JSON.parse(await readFile(join(dataDir, 'verdicts.json'), 'utf8').catch(() => '{}')) as Record<string, { prior?: unknown }>;

describe('stdio era probe, in place', { timeout: 150_000 }, () => {
  it('starts a server once on its first connection, whichever era it speaks', async () => {
    const dataDir = await tempDir();
    const modernStarts = join(dataDir, 'modern-starts');
    const legacyStarts = join(dataDir, 'legacy-starts');
    const engine = await engineWith(
      {
        modern: countedStarts(referenceServerEntry(['--resources', '5']), modernStarts),
        old: countedStarts(referenceServerEntry(['--era', 'legacy', '--resources', '5']), legacyStarts)
      },
      { dataDir }
    );
    expect(await statusOf(engine, 'modern', 'connected', CONNECT_MS)).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28' });
    // The 2025-only server answers the probe with an error and then takes `initialize` in the same process.
    expect(await statusOf(engine, 'old', 'connected', CONNECT_MS)).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25' });
    expect(engine.registry.details('modern').eraVerdict?.source).toBe('probe');
    expect(await startsOf(modernStarts)).toBe(1);
    expect(await startsOf(legacyStarts)).toBe(1);
    await expect.poll(async () => (await savedVerdicts(dataDir)).old?.prior, { timeout: 10_000 }).toEqual({ kind: 'legacy' });
  });

  it.each([
    ['without a reply', false],
    ['after an error reply', true]
  ])('starts a server that exits on the probe (%s) again for the 2025 handshake alone, and saves that verdict', async (_, reply) => {
    const dataDir = await tempDir();
    const starts = join(dataDir, 'starts');
    const servers = { strict: exitsBeforeInitialize(referenceServerEntry(['--era', 'legacy', '--resources', '5']), starts, reply) };
    const first = await engineWith(servers, { dataDir });
    expect(await statusOf(first, 'strict', 'connected', CONNECT_MS)).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25' });
    expect(await startsOf(starts)).toBe(2);
    await expect.poll(async () => (await savedVerdicts(dataDir)).strict?.prior, { timeout: 10_000 }).toEqual({ kind: 'legacy' });
    await first.close();

    // The saved verdict skips the probe: one start.
    const second = await engineWith(servers, { dataDir });
    expect(await statusOf(second, 'strict', 'connected', CONNECT_MS)).toMatchObject({ era: 'legacy' });
    expect(second.registry.details('strict').eraVerdict?.source).toBe('prior');
    expect(await startsOf(starts)).toBe(3);
  });
});
