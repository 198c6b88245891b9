// The cache's size from the config file (`"cache": { "maxMegabytes": N }`, config/settings.ts), through a real engine:
// the budget the cache panel shows, and the default when the file says nothing or something it cannot use.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CacheSnapshot } from '../../../shared/contract';
import { cleanup, engineWith, tempDir } from '../../../test-support/engine/engine-harness';

afterAll(cleanup);

async function budgetWith(cache: unknown): Promise<number> {
  const dir = await tempDir();
  const configPath = join(dir, 'config.json');
  await writeFile(configPath, JSON.stringify({ ...(cache !== undefined && { cache }), mcpServers: {} }));
  const engine = await engineWith({}, { configPath, dataDir: dir });
  try {
    return ((await engine.host.dispatch('cache.snapshot', {})) as CacheSnapshot).budgetBytes;
  } finally {
    await engine.close();
  }
}

describe('the cache budget setting', () => {
  it('sizes the cache from the config file, and keeps the default without one or with a bad one', async () => {
    expect(await budgetWith({ maxMegabytes: 512 })).toBe(512 * 1024 * 1024);
    expect(await budgetWith(undefined)).toBe(64 * 1024 * 1024);
    expect(await budgetWith({ maxMegabytes: 1 })).toBe(64 * 1024 * 1024);
  });
});
