// The standalone event streams (a GET asking for `text/event-stream`: Streamable HTTP's and legacy SSE's) are
// read with Node's own HTTP client rather than fetch. The engine reads a flooding server's stream at its budget,
// so the stream is paused and resumed ten or more times a second, and undici copies on every pause and resume:
// when its parser pauses it puts the unparsed rest back on the socket, and the next resume reads the socket's
// whole buffer into one new Buffer. Measured with the isolation bench's HTTP flood alone: 4.6 MB/s of copies for
// ~0.4 MB/s of events read, which set off a mark-compact every second (the healthy server's p95 followed them).
// Node's client hands each read's body over once and pauses by stopping the socket. Everything else (POSTs and
// their event-stream replies, redirects, OAuth) stays with fetch.
import type { FetchLike } from '@modelcontextprotocol/client';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** Statuses whose responses carry no body (and which `new Response` refuses to give one). */
const NO_BODY = new Set([204, 205, 304]);

function asksForEventStream(url: URL, init: RequestInit | undefined, headers: Headers): boolean {
  const method = (init?.method ?? 'GET').toUpperCase();
  return method === 'GET' && (url.protocol === 'http:' || url.protocol === 'https:') && (headers.get('accept') ?? '').includes('text/event-stream');
}

/** The response body as a web stream that pauses the response (so the socket stops) whenever it is not read. */
function bodyOf(response: IncomingMessage): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        response.on('data', (chunk: Buffer) => {
          if (settled) return;
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) response.pause();
        });
        response.once('end', () => {
          if (settled) return;
          settled = true;
          controller.close();
        });
        const fail = (error: Error) => {
          if (settled) return;
          settled = true;
          controller.error(error);
        };
        response.on('error', fail);
        response.once('close', () => fail(new Error('The event stream closed before it ended')));
      },
      pull() {
        response.resume();
      },
      cancel() {
        settled = true;
        response.destroy();
      }
    },
    { highWaterMark: 0 }
  );
}

function responseOf(message: IncomingMessage): Response {
  const headers = new Headers();
  for (let at = 0; at + 1 < message.rawHeaders.length; at += 2) {
    try {
      headers.append(message.rawHeaders[at], message.rawHeaders[at + 1]);
    } catch {
      // A header fetch would refuse too (a bad name or value): left out, as undici leaves it out.
    }
  }
  const status = message.statusCode ?? 0;
  const body = NO_BODY.has(status) ? null : bodyOf(message);
  if (!body) message.resume();
  return new Response(body, { status, statusText: message.statusMessage ?? '', headers });
}

/** `base` for every request but a plain GET of an event stream; a redirect answering one is asked again of `base`,
 * which follows it or hands it back as `init.redirect` says. `onSent`: such a GET has been handed to the OS. */
export function eventStreamFetch(base: FetchLike = fetch, onSent: () => void = () => undefined): FetchLike {
  return (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input.href);
    const headers = new Headers(init?.headers);
    if (!asksForEventStream(url, init, headers)) return base(input, init);
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = request(url, { method: 'GET', headers: Object.fromEntries(headers), ...(init?.signal && { signal: init.signal }) }, message => {
        const status = message.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          message.resume();
          resolve(base(input, init));
        } else if (status < 200 || status > 599) {
          message.destroy();
          reject(new Error(`The server answered the event stream with HTTP status ${status}`));
        } else resolve(responseOf(message));
      });
      // Kept for the request's life: an error after the response (a reset socket) also reaches the body's stream.
      outgoing.on('error', reject);
      outgoing.once('finish', onSent);
      outgoing.end();
    });
  };
}
