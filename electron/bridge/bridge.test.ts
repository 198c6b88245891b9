// Browser-mode bridge over real HTTP and WebSocket connections on a free loopback port. The engine
// behind it is a small in-test EngineHost (echo, a typed failure, events on demand): these tests are
// about what the carrier lets through; the real engine through the bridge is covered by e2e/shell.spec.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import type { EngineHost } from '../../shared/contract';
import { EventBus } from '../engine/event-bus';
import { connectSocketClient, type WebSocketLike } from '../../renderer/api/socket-carrier';
import { startBridge, UnsafeBindError, type RunningBridge } from './server';
import { MAX_CALL_FRAME_BYTES } from './socket-session';

const bus = new EventBus();
const testHost: EngineHost = {
  dispatch: async (method, params) => {
    if (method === 'boom') throw { error: { code: 'not_found', message: 'no such thing', rpcCode: -32602 } };
    return { method, params };
  },
  subscribe: listener => bus.subscribe(listener)
};

let rendererDir: string;
let bridge: RunningBridge;
let origin: string;

beforeAll(async () => {
  rendererDir = await mkdtemp(path.join(tmpdir(), 'bridge-test-'));
  await mkdir(path.join(rendererDir, 'assets'));
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><div data-testid="app"></div>');
  await writeFile(path.join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(path.join(path.dirname(rendererDir), 'bridge-test-secret.txt'), 'secret');
  bridge = await startBridge({
    host: testHost,
    port: 0,
    rendererDir
  });
  origin = `http://127.0.0.1:${bridge.port}`;
});

afterAll(async () => {
  await bridge?.close();
  await rm(rendererDir, { recursive: true, force: true });
  await rm(path.join(path.dirname(rendererDir), 'bridge-test-secret.txt'), { force: true });
});

function get(pathAndQuery: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: bridge.port, path: pathAndQuery, headers }, res => {
      let body = '';
      res.on('data', chunk => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Attempts a socket upgrade; resolves with the HTTP status it was refused with, or 101 when accepted. */
function upgradeStatus(query: string, headers: Record<string, string>): Promise<number> {
  return new Promise(resolve => {
    const ws = new WebSocket(`ws://127.0.0.1:${bridge.port}/ws${query}`, { headers });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('open', () => {
      resolve(101);
      ws.close();
    });
    ws.on('error', () => {});
  });
}

describe('startup', () => {
  it('listens on a real port when given port 0 and puts the token in the URL', () => {
    expect(bridge.port).toBeGreaterThan(0);
    expect(bridge.url).toBe(`http://127.0.0.1:${bridge.port}/?token=${bridge.token}`);
    expect(bridge.token.length).toBeGreaterThanOrEqual(40);
  });

  it('refuses a non-loopback bind unless forced', async () => {
    await expect(
      startBridge({ host: testHost, port: 0, bindHost: '0.0.0.0', rendererDir })
    ).rejects.toBeInstanceOf(UnsafeBindError);
  });
});

describe('HTTP access', () => {
  it('serves the page with the token, sets the cookie and strict headers', async () => {
    const res = await get(`/?token=${bridge.token}`, { Host: `127.0.0.1:${bridge.port}` });
    expect(res.status).toBe(200);
    expect(res.body).toContain('data-testid="app"');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`mcpb_token_${bridge.port}=${bridge.token}; HttpOnly; SameSite=Strict`));
  });

  it('serves assets to the cookie alone (what the browser sends for scripts)', async () => {
    const res = await get('/assets/app.js', { Host: `127.0.0.1:${bridge.port}`, Origin: origin, Cookie: `mcpb_token_${bridge.port}=${bridge.token}` });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/javascript/);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['content-length']).toBe(String('console.log(1)'.length));
  });

  it('answers a folder or a missing file with 404, not an error or a listing', async () => {
    const cookie = `mcpb_token_${bridge.port}=${bridge.token}`;
    for (const pathname of ['/assets', '/assets/', '/assets/missing.js']) {
      const res = await get(pathname, { Host: `127.0.0.1:${bridge.port}`, Origin: origin, Cookie: cookie });
      expect(res.status, pathname).toBe(404);
    }
  });

  it('refuses no token, a wrong token, a foreign Origin and a foreign Host', async () => {
    const host = `127.0.0.1:${bridge.port}`;
    expect((await get('/', { Host: host })).status).toBe(401);
    expect((await get('/?token=wrong', { Host: host })).status).toBe(401);
    expect((await get('/assets/app.js', { Host: host, Cookie: `mcpb_token_${bridge.port}=wrong` })).status).toBe(401);
    expect((await get(`/?token=${bridge.token}`, { Host: host, Origin: 'http://evil.example' })).status).toBe(403);
    expect((await get(`/?token=${bridge.token}`, { Host: host, Origin: `http://127.0.0.1:${bridge.port + 1}` })).status).toBe(403);
    expect((await get(`/?token=${bridge.token}`, { Host: `evil.example:${bridge.port}` })).status).toBe(421);
    expect((await get(`/?token=${bridge.token}`, { Host: `127.0.0.1:${bridge.port + 1}` })).status).toBe(421);
  });

  it('never serves files outside the renderer folder', async () => {
    const host = `127.0.0.1:${bridge.port}`;
    const res = await get(`/..%2fbridge-test-secret.txt?token=${bridge.token}`, { Host: host });
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('secret');
  });
});

describe('WebSocket access', () => {
  it('refuses no token, a wrong token, a foreign or missing Origin and a foreign Host', async () => {
    const host = `127.0.0.1:${bridge.port}`;
    expect(await upgradeStatus('', { Origin: origin })).toBe(401);
    expect(await upgradeStatus('?token=wrong', { Origin: origin })).toBe(401);
    expect(await upgradeStatus(`?token=${bridge.token}`, { Origin: 'http://evil.example' })).toBe(403);
    expect(await upgradeStatus(`?token=${bridge.token}`, {})).toBe(403);
    expect(await upgradeStatus(`?token=${bridge.token}`, { Origin: origin, Host: `evil.example:${bridge.port}` })).toBe(421);
    expect(await upgradeStatus(`?token=${bridge.token}`, { Origin: origin, Host: host })).toBe(101);
  });

  it('accepts the cookie instead of the query token', async () => {
    expect(await upgradeStatus('', { Origin: origin, Cookie: `mcpb_token_${bridge.port}=${bridge.token}` })).toBe(101);
  });
});

describe('carrying the contract', () => {
  const socketFor = (url: string) => new WebSocket(url, { origin }) as unknown as WebSocketLike;

  it('carries calls, typed errors and events for a good client', async () => {
    const client = await connectSocketClient({ url: `ws://127.0.0.1:${bridge.port}/ws?token=${bridge.token}`, createSocket: socketFor });
    try {
      await expect(client.call('servers.details', { serverId: 'ref' })).resolves.toEqual({ method: 'servers.details', params: { serverId: 'ref' } });
      const err = await client.call('boom' as 'servers.list', {}).catch(e => e);
      expect(err.error).toEqual({ code: 'not_found', message: 'no such thing', rpcCode: -32602 });

      const event = new Promise(resolve => client.on('serverRemoved', resolve));
      bus.emit('serverRemoved', { serverId: 'gone' });
      expect(await event).toEqual({ serverId: 'gone' });
    } finally {
      client.close();
    }
  });

  it('sends a socket only the events it asked for, once it has asked (a socket that never asks gets all)', async () => {
    const open = async () => {
      const ws = new WebSocket(`ws://127.0.0.1:${bridge.port}/ws?token=${bridge.token}`, { origin });
      const events: string[] = [];
      ws.on('message', data => events.push((JSON.parse(String(data)) as { event: string }).event));
      await new Promise(resolve => ws.once('open', resolve));
      return { ws, events };
    };
    const picky = await open();
    const plain = await open();
    try {
      picky.ws.send(JSON.stringify({ type: 'events', names: ['serverRemoved'] }));
      // Frames are handled in order: once this call is answered, the interest frame is in force.
      picky.ws.send(JSON.stringify({ type: 'call', id: 1, method: 'servers.list', params: {} }));
      await expect.poll(() => picky.events.length).toBe(1);
      bus.emit('listChanged', { serverId: 'a', list: 'resources', at: 1 });
      bus.emit('serverRemoved', { serverId: 'gone' });
      await expect.poll(() => plain.events).toEqual(['listChanged', 'serverRemoved']);
      await expect.poll(() => picky.events.slice(1)).toEqual(['serverRemoved']);
    } finally {
      picky.ws.close();
      plain.ws.close();
    }
  });

  it('answers malformed and oversized frames with error replies and keeps serving', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${bridge.port}/ws?token=${bridge.token}`, { origin });
    const replies: { id: number; ok: boolean; error?: { code: string } }[] = [];
    ws.on('message', data => replies.push(JSON.parse(String(data))));
    await new Promise(resolve => ws.once('open', resolve));
    ws.send('not json');
    ws.send(JSON.stringify({ type: 'call', id: 7, method: '' }));
    ws.send(Buffer.from([1, 2, 3]), { binary: true });
    ws.send(`{"type":"call","id":8,"method":"servers.list","params":"${'x'.repeat(MAX_CALL_FRAME_BYTES)}"}`);
    ws.send(JSON.stringify({ type: 'call', id: 9, method: 'servers.list', params: {} }));
    await expect.poll(() => replies.length).toBe(5);
    // Frames that fail before parsing are answered at once; parsed calls a tick later, so match by id.
    const byId = (id: number) => replies.filter(r => r.id === id);
    expect(byId(-1)).toEqual([
      expect.objectContaining({ ok: false, error: expect.objectContaining({ code: 'protocol' }) }),
      expect.objectContaining({ ok: false, error: expect.objectContaining({ code: 'protocol' }) })
    ]);
    expect(byId(7)).toEqual([expect.objectContaining({ ok: false, error: expect.objectContaining({ code: 'protocol' }) })]);
    expect(byId(8)).toEqual([expect.objectContaining({ ok: false, error: expect.objectContaining({ code: 'too_large' }) })]);
    expect(byId(9)).toEqual([expect.objectContaining({ ok: true })]);
    ws.close();
  });
});
