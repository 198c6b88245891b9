// The icon service against a real local HTTPS server (self-signed certificate made at test time, trusted
// through the injectable `ca`): what is fetched, what is refused, what reaches the server, and that the
// cache spares repeated fetches. Nothing is mocked; the MCP server itself is not needed (only its config
// entry decides the icon origin), except in the engine-level tests at the end.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppError, ServerConfigEntry } from '../../../shared/contract';
import { readIconRefusalData } from '../../../shared/icons/icon-refusal-data';
import { AppErrorException } from '../errors';
import { cleanup, engineWith } from '../../../test-support/engine/engine-harness';
import { IconService, type IconLimits } from './icon-service';
import { makeTestCertificate, startHttpsIconServer, type HttpsIconServer, type TestCertificate } from '../../../test-support/engine/https-icon-server';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
const SVG = Buffer.from('<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16"/></svg>');

let certificate: TestCertificate;
let server: HttpsIconServer;
const services: IconService[] = [];

beforeAll(async () => {
  certificate = await makeTestCertificate();
});

afterEach(async () => {
  for (const s of services.splice(0)) s.close();
  await server?.close();
  await cleanup();
});

afterAll(async () => {
  await cleanup();
});

function serve(path: string, body: Buffer, contentType?: string) {
  server.route(path, (_req, res) => {
    res.writeHead(200, contentType ? { 'content-type': contentType } : {});
    res.end(body);
  });
}

async function setup(entry?: ServerConfigEntry, limits: Partial<IconLimits> = {}, now?: () => number) {
  server = await startHttpsIconServer(certificate);
  const config: ServerConfigEntry = entry ?? { type: 'http', url: `${server.origin}/mcp` };
  const icons = new IconService({ entryOf: () => config, limits, tls: { ca: certificate.cert }, ...(now && { now }) });
  services.push(icons);
  return icons;
}

async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e
  );
  expect(err, 'the icon was expected to be refused').toBeInstanceOf(AppErrorException);
  const error = (err as AppErrorException).error;
  expect(readIconRefusalData(error.data)?.iconRefused).toBe(true);
  return error;
}

describe('IconService over real HTTPS', () => {
  it('returns a same-origin PNG as a data: URI, and sends no credentials nor the server headers', async () => {
    server = await startHttpsIconServer(certificate);
    const entry: ServerConfigEntry = { type: 'http', url: `${server.origin}/mcp`, headers: { Authorization: 'Bearer secret-token', Cookie: 'session=1', 'X-Api-Key': 'k' } };
    const icons = new IconService({ entryOf: () => entry, tls: { ca: certificate.cert } });
    services.push(icons);
    serve('/icon.png', PNG, 'image/png');
    const { dataUri } = await icons.get('s', `${server.origin}/icon.png`);
    expect(dataUri).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(server.requests).toHaveLength(1);
    const headers = server.requests[0].headers;
    expect(headers.authorization).toBeUndefined();
    expect(headers.cookie).toBeUndefined();
    expect(headers['x-api-key']).toBeUndefined();
    expect(Object.values(headers).join(' ')).not.toContain('secret-token');
  });

  it('takes the bytes, not the Content-Type, for the type: a GIF with a generic type and an SVG document pass', async () => {
    const icons = await setup();
    serve('/a', GIF, 'application/octet-stream');
    serve('/b.svg', SVG, 'image/svg+xml; charset=utf-8');
    expect((await icons.get('s', `${server.origin}/a`)).dataUri).toBe(`data:image/gif;base64,${GIF.toString('base64')}`);
    expect((await icons.get('s', `${server.origin}/b.svg`)).dataUri.startsWith('data:image/svg+xml;base64,')).toBe(true);
  });

  it('refuses an icon on another origin (host or port) without a request', async () => {
    const icons = await setup();
    serve('/icon.png', PNG, 'image/png');
    const otherHost = await refusalOf(icons.get('s', `https://localhost:${server.port}/icon.png`));
    expect(otherHost.code).toBe('unsupported');
    expect(otherHost.message).toContain(`not on the server's origin ${server.origin}`);
    await refusalOf(icons.get('s', `https://127.0.0.1:${server.port + 1}/icon.png`));
    expect(server.requests).toHaveLength(0);
  });

  it('refuses http:, javascript: and URLs with credentials without a request', async () => {
    const icons = await setup();
    serve('/icon.png', PNG, 'image/png');
    const plain = await refusalOf(icons.get('s', `http://127.0.0.1:${server.port}/icon.png`));
    expect(plain.message).toContain('only https: icons are fetched (this one is http:)');
    expect((await refusalOf(icons.get('s', 'javascript:alert(1)'))).message).toContain('only https:');
    expect((await refusalOf(icons.get('s', `https://user:pw@127.0.0.1:${server.port}/icon.png`))).message).toContain('credentials');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses every remote icon of a stdio server, and of a server reached over plain http', async () => {
    const stdio = await setup({ command: 'node', args: ['server.js'] });
    serve('/icon.png', PNG, 'image/png');
    expect((await refusalOf(stdio.get('s', `${server.origin}/icon.png`))).message).toContain('a stdio server has no web origin');
    const plainServer = new IconService({ entryOf: () => ({ type: 'http', url: `http://127.0.0.1:${server.port}/mcp` }), tls: { ca: certificate.cert } });
    services.push(plainServer);
    expect((await refusalOf(plainServer.get('s', `${server.origin}/icon.png`))).message).toContain('reached over http:');
    expect(server.requests).toHaveLength(0);
  });

  it('follows a same-origin redirect, refuses one to another origin or to http:', async () => {
    const icons = await setup();
    serve('/icon.png', PNG, 'image/png');
    const redirect = (from: string, to: string) => server.route(from, (_req, res) => res.writeHead(302, { location: to }).end());
    redirect('/moved', '/icon.png');
    redirect('/away', `https://localhost:${server.port}/icon.png`);
    redirect('/downgrade', `http://127.0.0.1:${server.port}/icon.png`);
    expect((await icons.get('s', `${server.origin}/moved`)).dataUri).toContain(PNG.toString('base64'));
    const away = await refusalOf(icons.get('s', `${server.origin}/away`));
    expect(away.message).toContain(`it redirects to https://localhost:${server.port}/icon.png, which is refused`);
    const downgrade = await refusalOf(icons.get('s', `${server.origin}/downgrade`));
    expect(downgrade.message).toContain('only https: icons are fetched');
    // The refused targets were never asked for: only the redirecting paths and the one followed.
    expect(server.requests.map(r => r.path)).toEqual(['/moved', '/icon.png', '/away', '/downgrade']);
  });

  it('refuses a redirect loop after maxRedirects', async () => {
    const icons = await setup(undefined, { maxRedirects: 2 });
    server.route('/loop', (_req, res) => res.writeHead(301, { location: '/loop' }).end());
    expect((await refusalOf(icons.get('s', `${server.origin}/loop`))).message).toContain('redirects more than 2 times');
    expect(server.requests).toHaveLength(3);
  });

  it('refuses an oversized body while it streams, before the server has sent it all', async () => {
    const icons = await setup(undefined, { maxBytes: 64 * 1024 });
    const total = 8 * 1024 * 1024;
    let written = 0;
    server.route('/huge.png', (_req, res) => {
      // Chunked (no Content-Length): only the streaming check can catch it. Writes follow backpressure.
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.concat([PNG, Buffer.alloc(16 * 1024 - PNG.length)]);
      const pump = () => {
        while (written < total && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end();
      };
      pump();
    });
    const refused = await refusalOf(icons.get('s', `${server.origin}/huge.png`));
    expect(refused.code).toBe('too_large');
    expect(refused.message).toContain('larger than 64 KB');
    expect(written).toBeLessThan(total);
  });

  it('takes an icon up to 256 KB by default, and refuses one byte more', async () => {
    const icons = await setup();
    const limit = 256 * 1024;
    server.route('/at-limit.png', (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.concat([PNG, Buffer.alloc(limit - PNG.length)])));
    server.route('/over-limit.png', (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.concat([PNG, Buffer.alloc(limit + 1 - PNG.length)])));
    await expect(icons.get('s', `${server.origin}/at-limit.png`)).resolves.toMatchObject({ dataUri: expect.stringMatching(/^data:image\/png;base64,/) });
    const refused = await refusalOf(icons.get('s', `${server.origin}/over-limit.png`));
    expect(refused.code).toBe('too_large');
    expect(refused.message).toContain('larger than 256 KB');
  });

  it('refuses at once a body whose Content-Length is over the limit', async () => {
    const icons = await setup(undefined, { maxBytes: 1024 });
    const body = Buffer.concat([PNG, Buffer.alloc(4096)]);
    let sent = false;
    server.route('/big.png', (_req, res) => {
      // Headers first, the body only once the client had time to refuse: a refusal on the header alone
      // leaves the body unsent.
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': body.length }).flushHeaders();
      setTimeout(() => {
        sent = !res.destroyed;
        if (sent) res.end(body);
      }, 200);
    });
    expect((await refusalOf(icons.get('s', `${server.origin}/big.png`))).code).toBe('too_large');
    await new Promise(resolve => setTimeout(resolve, 300));
    expect(sent).toBe(false);
  });

  it('refuses content that is no allowlisted image, or that contradicts its Content-Type', async () => {
    const icons = await setup();
    serve('/page.png', Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    serve('/liar.jpg', PNG, 'image/jpeg');
    serve('/cursor.cur', Buffer.from([0, 0, 2, 0, 1, 0, 16, 16]), 'image/x-icon');
    const html = await refusalOf(icons.get('s', `${server.origin}/page.png`));
    expect(html.code).toBe('unsupported');
    expect(html.message).toContain('not a PNG, JPEG, GIF, WebP, ICO or SVG image');
    expect((await refusalOf(icons.get('s', `${server.origin}/liar.jpg`))).message).toContain('declared as image/jpeg but its content is image/png');
    expect((await refusalOf(icons.get('s', `${server.origin}/cursor.cur`))).message).toContain('not a PNG');
  });

  it('refuses an HTTP error status', async () => {
    const icons = await setup();
    const missing = await refusalOf(icons.get('s', `${server.origin}/nothing-here.png`));
    expect(missing.message).toContain('HTTP 404');
  });

  it('times out a server that answers nothing, and one whose body stalls', async () => {
    const icons = await setup(undefined, { timeoutMs: 300 });
    server.route('/silent.png', () => undefined);
    server.route('/stall.png', (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PNG.subarray(0, 8));
    });
    const started = Date.now();
    const silent = await refusalOf(icons.get('s', `${server.origin}/silent.png`));
    expect(silent.code).toBe('timeout');
    expect(silent.message).toContain('within 300 ms');
    expect((await refusalOf(icons.get('s', `${server.origin}/stall.png`))).code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a certificate it does not trust', async () => {
    server = await startHttpsIconServer(certificate);
    serve('/icon.png', PNG, 'image/png');
    const untrusting = new IconService({ entryOf: () => ({ type: 'http', url: `${server.origin}/mcp` }) });
    services.push(untrusting);
    expect((await refusalOf(untrusting.get('s', `${server.origin}/icon.png`))).code).toBe('transport');
  });

  it('answers repeated and concurrent asks for one icon with one fetch, refusals included', async () => {
    const icons = await setup();
    serve('/icon.png', PNG, 'image/png');
    serve('/bad.png', Buffer.from('not an image'), 'image/png');
    const answers = await Promise.all(Array.from({ length: 50 }, () => icons.get('s', `${server.origin}/icon.png`)));
    expect(new Set(answers.map(a => a.dataUri)).size).toBe(1);
    await icons.get('s', `${server.origin}/icon.png`);
    await refusalOf(icons.get('s', `${server.origin}/bad.png`));
    await refusalOf(icons.get('s', `${server.origin}/bad.png`));
    expect(server.requests.map(r => r.path)).toEqual(['/icon.png', '/bad.png']);
  });

  it('asks again after a transient refusal has expired', async () => {
    let now = 1_000;
    server = await startHttpsIconServer(certificate);
    const icons = new IconService({ entryOf: () => ({ type: 'http', url: `${server.origin}/mcp` }), tls: { ca: certificate.cert }, limits: { transientTtlMs: 10_000 }, now: () => now });
    services.push(icons);
    let up = false;
    server.route('/flaky.png', (_req, res) => (up ? res.writeHead(200, { 'content-type': 'image/png' }).end(PNG) : res.writeHead(503).end()));
    expect((await refusalOf(icons.get('s', `${server.origin}/flaky.png`))).message).toContain('HTTP 503');
    up = true;
    await refusalOf(icons.get('s', `${server.origin}/flaky.png`));
    expect(server.requests).toHaveLength(1);
    now += 10_001;
    expect((await icons.get('s', `${server.origin}/flaky.png`)).dataUri).toContain(PNG.toString('base64'));
    expect(server.requests).toHaveLength(2);
  });

  it('sends the time left before a cached transient refusal expires, not the whole TTL', async () => {
    let now = 1_000;
    const icons = await setup(undefined, { transientTtlMs: 60_000 }, () => now);
    server.route('/down.png', (_req, res) => res.writeHead(503).end());
    expect((await refusalOf(icons.get('s', `${server.origin}/down.png`))).data).toMatchObject({ transient: true, retryAfterMs: 60_000 });
    now += 59_000;
    expect((await refusalOf(icons.get('s', `${server.origin}/down.png`))).data).toMatchObject({ transient: true, retryAfterMs: 1_000 });
    expect(server.requests).toHaveLength(1);
  });

  it('marks timeouts and network failures transient (with when to ask again), policy, type and size refusals final', async () => {
    // A fixed clock: the cached answer at the end then has the whole TTL left.
    const icons = await setup(undefined, { timeoutMs: 300, transientTtlMs: 45_000 }, () => 1_000);
    server.route('/silent.png', () => undefined);
    server.route('/down.png', (_req, res) => res.writeHead(503).end());
    server.route('/busy.png', (_req, res) => res.writeHead(429).end());
    serve('/text.png', Buffer.from('not an image'), 'image/png');
    const transient = { iconRefused: true, transient: true, retryAfterMs: 45_000 };
    const final = { iconRefused: true, transient: false };
    expect((await refusalOf(icons.get('s', `${server.origin}/silent.png`))).data).toEqual(transient);
    expect((await refusalOf(icons.get('s', `${server.origin}/down.png`))).data).toEqual(transient);
    const busy = await refusalOf(icons.get('s', `${server.origin}/busy.png`));
    expect(busy.message).toContain('HTTP 429');
    expect(busy.data).toEqual(transient);
    expect((await refusalOf(icons.get('s', `${server.origin}/text.png`))).data).toEqual(final);
    expect((await refusalOf(icons.get('s', `${server.origin}/missing.png`))).data).toEqual(final);
    expect((await refusalOf(icons.get('s', `https://localhost:${server.port}/x.png`))).data).toEqual(final);
    // Served again from the engine's cache: the flag is the same.
    expect((await refusalOf(icons.get('s', `${server.origin}/down.png`))).data).toEqual(transient);
  });

  it('fetches a page of distinct icons from a slow but healthy server in rounds: queue time is not counted against the deadline', async () => {
    // 12 icons answered after 300 ms each, deadline 500 ms, 4 at a time: the last round starts ~600 ms after
    // the first. Counting the wait would time out icons 8–11.
    const icons = await setup(undefined, { timeoutMs: 500, perOrigin: 4 });
    let running = 0;
    let mostAtOnce = 0;
    for (let i = 0; i < 12; i++) {
      server.route(`/slow-${i}.png`, (_req, res) => {
        mostAtOnce = Math.max(mostAtOnce, ++running);
        setTimeout(() => {
          running--;
          res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
        }, 300);
      });
    }
    const started = Date.now();
    const answers = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => icons.get('s', `${server.origin}/slow-${i}.png`)));
    expect(answers.map(a => a.status)).toEqual(Array(12).fill('fulfilled'));
    expect(mostAtOnce).toBe(4);
    expect(Date.now() - started).toBeGreaterThanOrEqual(850);
  });

  it('refuses a PNG that declares huge dimensions as too_large, before any page decodes it', async () => {
    const icons = await setup();
    const huge = Buffer.from(PNG);
    huge.writeUInt32BE(8000, 16);
    huge.writeUInt32BE(8000, 20);
    serve('/huge-dims.png', huge, 'image/png');
    const refused = await refusalOf(icons.get('s', `${server.origin}/huge-dims.png`));
    expect(refused.code).toBe('too_large');
    expect(refused.message).toBe('Icon refused: it is 8000×8000 pixels, over the 1024×1024 limit');
  });
});

describe('icons.get through the engine API', () => {
  it('serves an HTTPS server’s icon, refuses a stdio server’s, and validates params', async () => {
    server = await startHttpsIconServer(certificate);
    serve('/favicon.png', PNG, 'image/png');
    const engine = await engineWith(
      { remote: { type: 'http', url: `${server.origin}/mcp` }, local: { command: 'node', args: ['nothing.js'] } },
      { autoConnect: false, icons: { tls: { ca: certificate.cert } } }
    );
    const served = (await engine.host.dispatch('icons.get', { serverId: 'remote', src: `${server.origin}/favicon.png` })) as { dataUri: string };
    expect(served.dataUri).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    const stdio = await refusalOf(engine.host.dispatch('icons.get', { serverId: 'local', src: 'https://modelcontextprotocol.io/favicon.ico' }));
    expect(stdio.message).toBe('Icon refused: a stdio server has no web origin, so its https: icons are not fetched');
    await expect(engine.host.dispatch('icons.get', { serverId: 'remote' })).rejects.toMatchObject({ error: { code: 'invalid_params' } });
    await expect(engine.host.dispatch('icons.get', { serverId: 'nobody', src: `${server.origin}/favicon.png` })).rejects.toMatchObject({ error: { code: 'unknown_server' } });
    expect(server.requests).toHaveLength(1);
  });
});
