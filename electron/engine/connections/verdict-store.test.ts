// Verdicts are recorded at once and written behind: saves made while a write runs go to disk together in the next.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as atomic from '../config/atomic-write';
import { VerdictStore } from './verdict-store';

const dirs: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const entry = (k: number) => ({ command: 'node', args: [`server-${k}.js`] });

describe('VerdictStore', () => {
  it('records fifty saves at once and writes them in a few writes, all on disk after flush', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'verdicts-'));
    dirs.push(dataDir);
    const writes = vi.spyOn(atomic, 'writeFileAtomic');
    const store = new VerdictStore({ dataDir, legacyMaxAgeMs: 60_000 });
    for (let k = 0; k < 50; k++) {
      store.save(`s${k}`, entry(k), { kind: 'legacy' }, 'stdio');
      expect(store.get(`s${k}`, entry(k))).toMatchObject({ transport: 'stdio', prior: { kind: 'legacy' } });
    }
    await store.flush();
    expect(writes.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(writes.mock.calls.length).toBeLessThanOrEqual(2);
    const saved = JSON.parse(await readFile(path.join(dataDir, 'verdicts.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(saved)).toHaveLength(50);

    const reloaded = new VerdictStore({ dataDir, legacyMaxAgeMs: 60_000 });
    await reloaded.load();
    expect(reloaded.get('s49', entry(49))).toMatchObject({ prior: { kind: 'legacy' } });
  });
});
