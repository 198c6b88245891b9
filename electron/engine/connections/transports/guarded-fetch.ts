// The fetch the HTTP transports use: it holds an HTTP server to the limits a stdio server is held to. Every
// response body is read at the server's read budget; a reply over the message limit answers its own request
// with `too_large` (naming size and limit) without being downloaded whole; event streams are cut into events
// and gated (event-stream-guard.ts). What reaches the SDK is otherwise the server's response as sent.
import type { FetchLike, JSONRPCMessage } from '@modelcontextprotocol/client';
import { setTimeout as delay } from 'node:timers/promises';
import { tooLargeReply } from '../oversize-guard';
import type { TransportObservers } from './descriptor';
import { guardEventStream } from './event-stream-guard';

/** Statuses whose responses carry no body (and which `new Response` refuses to give one). */
const NO_BODY = new Set([101, 204, 205, 304]);

type Guards = Pick<TransportObservers, 'readMeter' | 'maxMessageBytes' | 'onOversize' | 'admit'>;

/** What a POST carries: a JSON-RPC message (with the id of its request, if it is one), or something else. */
function jsonRpcOf(body: RequestInit['body']): { id?: string | number } | undefined {
  if (typeof body !== 'string' || !body.includes('"jsonrpc"')) return undefined;
  try {
    const message = JSON.parse(body) as { id?: unknown; method?: unknown };
    const isRequest = typeof message.method === 'string' && (typeof message.id === 'string' || typeof message.id === 'number');
    return isRequest ? { id: message.id as string | number } : {};
  } catch {
    return undefined;
  }
}

function withBody(response: Response, body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>): Response {
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

function tooLarge(response: Response, id: string | number, size: number, limit: number, atLeast: boolean): Response {
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Response(JSON.stringify(tooLargeReply(id, size, limit, atLeast)), { status: 200, headers });
}

/**
 * A whole (non-stream) body, read at the budget and up to the limit. Over the limit, reading stops there: the
 * request it answers fails with too_large, and a body answering no request fails the fetch.
 */
async function boundedBody(response: Response, body: ReadableStream<Uint8Array>, guards: Guards, requestId: string | number | undefined): Promise<Response> {
  const limit = guards.maxMessageBytes;
  const declared = Number(response.headers.get('content-length') ?? NaN);
  const over = async (size: number, atLeast: boolean, stop: () => Promise<void>): Promise<Response> => {
    await stop().catch(() => undefined);
    guards.onOversize({ size, limit, ...(requestId !== undefined && { id: requestId }) });
    if (requestId === undefined) throw new Error(`The server's response (${atLeast ? `over ${limit}` : size} bytes) exceeds the limit of ${limit} bytes`);
    return tooLarge(response, requestId, size, limit, atLeast);
  };
  if (declared > limit) return over(declared, false, () => body.cancel());
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) return over(size, true, () => reader.cancel());
    parts.push(value);
    const wait = guards.readMeter.spend(value.length, 0);
    if (wait > 0) await delay(wait);
  }
  guards.readMeter.spend(0, 1);
  // Handed on as the bytes read, for the SDK's response.json() to decode once: a string here would be decoded,
  // encoded again by the Response and decoded a second time.
  return withBody(response, Buffer.concat(parts));
}

/** `deliverLater`: hands a notification the gate held back to the client after all (the transport's onmessage). */
export function guardedFetch(guards: Guards, deliverLater: (message: JSONRPCMessage) => void, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    const body = response.body;
    // Redirects pass as they are (the SDK reads where they point); so does what is not MCP traffic (OAuth).
    if (!body || NO_BODY.has(response.status) || (response.status >= 300 && response.status < 400)) return response;
    if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      return withBody(
        response,
        guardEventStream(body, {
          maxEventBytes: guards.maxMessageBytes,
          meter: guards.readMeter,
          onOversize: guards.onOversize,
          admit: message => guards.admit(message, deliverLater)
        })
      );
    }
    const message = jsonRpcOf(init?.body);
    return message ? boundedBody(response, body, guards, message.id) : response;
  };
}
