// Serves the built renderer over HTTP with the security headers; documents also get the CSP.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
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
  const info = file ? await stat(file).catch(() => null) : null;
  if (!file || !info?.isFile()) {
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
    'Content-Length': String(info.size),
    'Cache-Control': 'no-store'
  });
  if (method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
