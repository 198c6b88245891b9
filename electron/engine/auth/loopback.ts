// The redirect target of a sign-in (RFC 8252 §7.3): `http://127.0.0.1:<ephemeral port>/callback`, listening
// only while one flow is pending and closed when it ends, whatever the ending. It accepts only the flow's
// own `state`: a request with another state (or none) gets an error page and the flow goes on waiting, so a
// page that merely guesses the port cannot end or hijack it. The first request with the right state ends it.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const CALLBACK_PATH = '/callback';

export interface LoopbackCallback {
  /** The redirect URI to register and send (the port is known once listening). */
  readonly redirectUri: string;
  /** The callback's query (code, state, iss, or error) once it arrives with the right state. */
  readonly received: Promise<URLSearchParams>;
  /** Stops listening; a flow still waiting fails with `reason`. Safe to call more than once. */
  close(reason?: Error): Promise<void>;
  /** Whether the port still accepts connections. */
  readonly listening: boolean;
}

const page = (title: string, text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body style="font-family:sans-serif;margin:3em"><h1>${title}</h1><p>${text}</p></body></html>`;

function reply(res: ServerResponse, status: number, title: string, text: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'referrer-policy': 'no-referrer'
  });
  res.end(page(title, text));
}

/** Starts listening for the callback of the flow whose `state` is `expectedState()` (known once the URL is built). */
export async function listenForCallback(expectedState: () => string | undefined): Promise<LoopbackCallback> {
  let resolve!: (params: URLSearchParams) => void;
  let reject!: (reason: Error) => void;
  const received = new Promise<URLSearchParams>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  received.catch(() => undefined);
  let done = false;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
      reply(res, 404, 'Not found', 'This address only receives the sign-in callback.');
      return;
    }
    const state = url.searchParams.get('state');
    const expected = expectedState();
    if (done || expected === undefined || state !== expected) {
      reply(res, 400, 'Sign-in not accepted', 'This sign-in response does not belong to the sign-in in progress (its state does not match). Nothing was changed; the app is still waiting for the right one.');
      return;
    }
    done = true;
    const refused = url.searchParams.get('error');
    // The authorization server's error text is not shown: in a mix-up attack it is the attacker's (RFC 9207).
    if (refused) reply(res, 200, 'Sign-in refused', 'The authorization server did not grant access. You can close this page and return to the app.');
    else reply(res, 200, 'Signed in', 'You can close this page and return to the app.');
    resolve(url.searchParams);
    // Closed once the page is sent: closing at once would cut the response off.
    res.once('finish', () => void close());
  };

  const server: Server = createServer(handle);
  server.keepAliveTimeout = 1000;
  await new Promise<void>((res, rej) => {
    server.once('error', rej);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', rej);
      res();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  const close = (reason?: Error): Promise<void> => {
    if (!done) {
      done = true;
      reject(reason ?? new Error('The sign-in ended'));
    }
    return (closing ??= new Promise<void>(res => {
      server.close(() => res());
      server.closeAllConnections();
    }));
  };

  return {
    redirectUri: `http://127.0.0.1:${port}${CALLBACK_PATH}`,
    received,
    close,
    get listening() {
      return server.listening;
    }
  };
}
