// Serves the built renderer over HTTP with the security headers; documents also get the CSP.
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { contentTypeFor, rendererFileFor } from '../host/renderer-files';
import { securityHeaders } from '../host/csp';

export interface StaticOptions {
  root: string;
  csp: string;
  /** Extra headers for this response (e.g. the token cookie). */
  extraHeaders?: Record<string, string>;
}

export function sendPlain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(`${text}\n`);
}

export async function serveRendererFile(res: ServerResponse, pathname: string, method: string, options: StaticOptions): Promise<void> {
  const file = rendererFileFor(options.root, pathname);
  // Read whole and written at once (the largest script is under 1 MB), not streamed: a stream takes a turn of the
  // event loop per 64 kB, and on a warm start the engine's turns are its last known lists being made (~16 ms
  // each), so the page's scripts arrived over ~200 ms with the page idle, waiting for them. A directory or a
  // missing file fails the read: not found. The length is the bytes sent, whatever the file became meanwhile.
  const body = file ? await readFile(file).catch(() => null) : null;
  if (!file || !body) {
    sendPlain(res, 404, 'Not found');
    return;
  }
  const type = contentTypeFor(file);
  const isDocument = type.startsWith('text/html');
  res.writeHead(200, {
    ...securityHeaders,
    ...(isDocument ? { 'Content-Security-Policy': options.csp } : {}),
    ...options.extraHeaders,
    'Content-Type': type,
    'Content-Length': String(body.length),
    'Cache-Control': 'no-store'
  });
  res.end(method === 'HEAD' ? undefined : body);
}
