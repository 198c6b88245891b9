// `${env:NAME}` in a URL server's headers: expanded when connecting, never written back, and a variable that is
// not set is a config error naming it (the connection shows it; nothing is sent with a half-made header).
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, engineWith, tempDir } from '../../../test-support/engine/engine-harness';
import { expandEnvReferences, expandHeaders } from './env-references';

afterEach(cleanup);

describe('${env:NAME} references', () => {
  it('puts in the variable, any number of times, and leaves other text alone', () => {
    const env = { TOKEN: 's3cret', USER_ID: '42' };
    expect(expandEnvReferences('Bearer ${env:TOKEN}', 'h', env)).toBe('Bearer s3cret');
    expect(expandEnvReferences('${env:USER_ID}-${env:TOKEN}-${env:USER_ID}', 'h', env)).toBe('42-s3cret-42');
    expect(expandEnvReferences('plain ${TOKEN} $env:TOKEN', 'h', env)).toBe('plain ${TOKEN} $env:TOKEN');
    expect(expandHeaders({ Authorization: 'Bearer ${env:TOKEN}', 'X-Id': '${env:USER_ID}' }, 'srv', env)).toEqual({ Authorization: 'Bearer s3cret', 'X-Id': '42' });
  });

  it('refuses a variable that is not set with a config error naming it and where it is used', () => {
    expect(() => expandHeaders({ Authorization: 'Bearer ${env:MCPRB_TEST_UNSET_VARIABLE}' }, 'srv', {})).toThrow(
      expect.objectContaining({ error: { code: 'config', message: 'srv: header Authorization refers to the environment variable MCPRB_TEST_UNSET_VARIABLE, which is not set' } })
    );
  });

  it('sends the expanded value on the wire', async () => {
    // A bare HTTP listener that records the header and refuses: only what reached the wire matters here.
    const seen: (string | undefined)[] = [];
    const http = createServer((req, res) => {
      seen.push(req.headers['x-api-key'] as string | undefined);
      res.writeHead(500).end();
    });
    await new Promise<void>(resolve => http.listen(0, '127.0.0.1', resolve));
    process.env.MCPRB_TEST_API_KEY = 'key-from-env';
    try {
      const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
      const engine = await engineWith({ keyed: { type: 'http', url, headers: { 'X-Api-Key': '${env:MCPRB_TEST_API_KEY}' } } }, { reconnect: false });
      await engine.registry.get('keyed').whenReady(5_000).catch(() => undefined);
      expect(seen.length).toBeGreaterThan(0);
      expect(new Set(seen)).toEqual(new Set(['key-from-env']));
    } finally {
      delete process.env.MCPRB_TEST_API_KEY;
      await new Promise<void>(resolve => http.close(() => resolve()));
    }
  });

  it('fails the connection with that config error, and the config file keeps the reference', async () => {
    const dir = await tempDir();
    const engine = await engineWith({}, { dataDir: dir, configPath: join(dir, 'config.json'), reconnect: false });
    const config = { type: 'http' as const, url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer ${env:MCPRB_TEST_UNSET_VARIABLE}' } };
    await engine.host.dispatch('servers.add', { serverId: 'keyed', config });
    await expect(engine.registry.get('keyed').whenReady(5_000)).rejects.toMatchObject({ error: { code: 'config', message: expect.stringContaining('MCPRB_TEST_UNSET_VARIABLE') } });
    expect(await readFile(join(dir, 'config.json'), 'utf8')).toContain('Bearer ${env:MCPRB_TEST_UNSET_VARIABLE}');
  });
});
