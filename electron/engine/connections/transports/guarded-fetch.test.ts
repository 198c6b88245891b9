// The HTTP transports' fetch against a real local HTTP server: a JSON-RPC reply over the limit becomes a
// too_large error for its request (declared by Content-Length or found while reading, without reading on), a
// notification's oversized response fails the fetch, and traffic that is not JSON-RPC (OAuth) passes untouched.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OversizeInfo } from '../oversize-guard';
import { defaultReadBudget, ReadMeter } from '../read-budget';
import { guardedFetch } from './guarded-fetch';

const LIMIT = 10_000;
/** Far more than the socket buffers hold, so a reader that stops pushes back on the server. */
const UNDECLARED_BYTES = 64 * 1024 * 1024;
let server: Server;
let base = '';
let bytesSent = 0;
const KILOBYTE = 'z'.repeat(1_024);

beforeAll(async () => {
  server = createServer((req, res) => {
    const big = 'z'.repeat(LIMIT * 50);
    if (req.url === '/declared') return void res.writeHead(200, { 'content-type': 'application/json', 'content-length': big.length }).end(big);
    if (req.url === '/chunked') {
      res.writeHead(200, { 'content-type': 'application/json' });
      bytesSent = 0;
      const pump = () => {
        while (bytesSent < UNDECLARED_BYTES && !res.destroyed) {
          bytesSent += KILOBYTE.length;
          if (!res.write(KILOBYTE)) return void res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>(resolve => server.close(() => resolve())));

function guarded() {
  const oversize: OversizeInfo[] = [];
  const counts = { pauses: 0, pausedMs: 0, coalesced: 0, unwatched: 0 };
  const fetch = guardedFetch(
    { readMeter: new ReadMeter(defaultReadBudget, counts, () => undefined), maxMessageBytes: LIMIT, onOversize: info => oversize.push(info), admit: () => true },
    () => undefined
  );
  return { fetch, oversize };
}
const request = (id: number) => ({ method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id, method: 'resources/list' }) });

describe('guarded fetch', () => {
  it('answers a request whose declared reply is over the limit with too_large, exact size', async () => {
    const { fetch, oversize } = guarded();
    const body = (await (await fetch(`${base}/declared`, request(7))).json()) as { id: number; error: { code: number; message: string } };
    expect(body).toMatchObject({ id: 7, error: { code: -32099, data: { size: LIMIT * 50, limit: LIMIT } } });
    expect(body.error.message).toContain(`(${LIMIT * 50} bytes) exceeds the limit of ${LIMIT} bytes`);
    expect(oversize).toEqual([{ size: LIMIT * 50, limit: LIMIT, id: 7 }]);
  });

  it('stops reading an undeclared reply at the limit', async () => {
    const { fetch } = guarded();
    const body = (await (await fetch(`${base}/chunked`, request(8))).json()) as { id: number; error: { message: string } };
    expect(body).toMatchObject({ id: 8, error: { code: -32099 } });
    expect(body.error.message).toContain(`(over ${LIMIT} bytes)`);
    // The server was pushed back on, not drained: far less than its 64 MB left it.
    await new Promise(r => setTimeout(r, 200));
    expect(bytesSent).toBeLessThan(UNDECLARED_BYTES / 4);
  });

  it('reads the replies after an oversized one whole, one at a time or at once', async () => {
    const { fetch } = guarded();
    await (await fetch(`${base}/chunked`, request(9))).json();
    expect(await (await fetch(`${base}/`, request(10))).json()).toEqual({ ok: true });
    const both = await Promise.all([fetch(`${base}/`, request(11)), fetch(`${base}/`, request(12))]);
    expect(await Promise.all(both.map(r => r.json()))).toEqual([{ ok: true }, { ok: true }]);
  });

  it('fails the fetch of a notification whose response is over the limit (no request to answer)', async () => {
    const { fetch } = guarded();
    await expect(fetch(`${base}/declared`, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) })).rejects.toThrow(/exceeds the limit/);
  });

  it('passes what is not JSON-RPC (an OAuth request) as it came', async () => {
    const { fetch, oversize } = guarded();
    const response = await fetch(`${base}/declared`, { method: 'POST', body: 'grant_type=authorization_code&code=x' });
    expect((await response.text()).length).toBe(LIMIT * 50);
    expect(response.url).toBe(`${base}/declared`);
    expect(oversize).toEqual([]);
  });
});
