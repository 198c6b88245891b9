// eventStreamFetch against a real HTTP server on loopback: which requests it reads itself, that what it returns
// reads like fetch's Response, and that an unread stream pushes back on the server.
import type { FetchLike } from '@modelcontextprotocol/client';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { eventStreamFetch } from './event-stream-fetch';

let server: Server | undefined;

async function serve(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  server = createServer(handle);
  await new Promise<void>(resolve => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise(resolve => server?.close(resolve));
  server = undefined;
});

/** A base fetch that notes the requests handed to it. */
function recordingBase(): { base: FetchLike; calls: string[] } {
  const calls: string[] = [];
  return { calls, base: (input, init) => (calls.push(`${init?.method ?? 'GET'} ${String(input)}`), fetch(input, init)) };
}

const asksStream = { method: 'GET', headers: { accept: 'text/event-stream', authorization: 'Bearer t' } };

describe('eventStreamFetch', () => {
  it('reads a GET event stream itself, with status, headers and events as sent', async () => {
    let seenAuth: string | undefined;
    const url = await serve((req, res) => {
      seenAuth = req.headers.authorization;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'mcp-session-id': 's1' });
      res.write('event: message\ndata: {"a":1}\n\n');
      res.end('data: {"b":2}\n\n');
    });
    const { base, calls } = recordingBase();
    const response = await eventStreamFetch(base)(url, asksStream);
    expect(calls).toEqual([]);
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBe('s1');
    expect(await response.text()).toBe('event: message\ndata: {"a":1}\n\ndata: {"b":2}\n\n');
    expect(seenAuth).toBe('Bearer t');
  });

  it('says when a GET of an event stream has been sent, before the server answers it, and says nothing of other requests', async () => {
    const arrived: string[] = [];
    let answer: (() => void) | undefined;
    const url = await serve((req, res) => {
      arrived.push(`${req.method} ${req.headers.accept}`);
      if (req.method === 'POST') return void res.writeHead(202).end();
      // Held, as a server answers a stream with its first event.
      answer = () => res.writeHead(200, { 'content-type': 'text/event-stream' }).end('data: {}\n\n');
    });
    let sent = 0;
    const through = eventStreamFetch(fetch, () => sent++);
    await (await through(url, { method: 'POST', body: '{}', headers: { accept: 'application/json, text/event-stream' } })).text();
    expect(sent).toBe(0);
    const stream = through(url, asksStream);
    await expect.poll(() => sent).toBe(1);
    await expect.poll(() => arrived.length).toBe(2);
    expect(arrived[1]).toBe('GET text/event-stream');
    answer?.();
    expect(await (await stream).text()).toBe('data: {}\n\n');
    expect(sent).toBe(1);
  });

  it('hands POSTs, GETs of anything else and redirects to the base fetch', async () => {
    const url = await serve((req, res) => {
      if (req.url === '/moved') return res.writeHead(307, { location: '/mcp' }).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    const { base, calls } = recordingBase();
    const through = eventStreamFetch(base);
    await (await through(url, { method: 'POST', body: '{}', headers: { accept: 'application/json, text/event-stream' } })).text();
    await (await through(url, { headers: { accept: 'application/json' } })).text();
    const moved = await through(url.replace('/mcp', '/moved'), asksStream);
    expect(await moved.json()).toEqual({ ok: true });
    expect(calls).toEqual([`POST ${url}`, `GET ${url}`, `GET ${url.replace('/mcp', '/moved')}`]);
  });

  it('stops reading a stream nobody reads, so the server is pushed back', async () => {
    let written = 0;
    let pushedBack = false;
    const chunk = `data: ${'x'.repeat(16 * 1024)}\n\n`;
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const pump = () => {
        while (!res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) {
            pushedBack = true;
            return void res.once('drain', pump);
          }
        }
      };
      pump();
    });
    const response = await eventStreamFetch()(url, asksStream);
    await new Promise(resolve => setTimeout(resolve, 400));
    expect(pushedBack).toBe(true);
    // What the socket buffers on both sides, not the ~GB a server writing freely for 400 ms would have sent.
    expect(written).toBeLessThan(16 * 1024 * 1024);
    const before = written;
    const reader = response.body!.getReader();
    let read = 0;
    while (read < 4 * 1024 * 1024) read += (await reader.read()).value!.length;
    expect(written).toBeGreaterThan(before);
    await reader.cancel();
  });

  it('closes the connection when the body is cancelled, and answers 204 without a body', async () => {
    let closed = false;
    const url = await serve((req, res) => {
      if (req.url === '/empty') return res.writeHead(204).end();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': open\n\n');
      res.once('close', () => (closed = true));
    });
    const response = await eventStreamFetch()(url, asksStream);
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(': open\n\n');
    await reader.cancel();
    await expect.poll(() => closed).toBe(true);
    const empty = await eventStreamFetch()(url.replace('/mcp', '/empty'), asksStream);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it('fails the stream when the server drops it, and the request when it is aborted', async () => {
    const url = await serve((req, res) => {
      if (req.url === '/never') return;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': open\n\n', () => setTimeout(() => res.socket?.destroy(), 20));
    });
    const response = await eventStreamFetch()(url, asksStream);
    await expect(response.text()).rejects.toThrow(/closed before it ended|aborted|terminated/);
    const abort = new AbortController();
    const pending = eventStreamFetch()(url.replace('/mcp', '/never'), { ...asksStream, signal: abort.signal });
    abort.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
