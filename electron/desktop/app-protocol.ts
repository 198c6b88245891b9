// Answers app://renderer/... requests with the built renderer's files, the CSP and the security
// headers. Kept free of Electron: it maps a request URL to a standard Response.
import { readFile } from 'node:fs/promises';
import { APP_HOST } from './app-origin';
import { contentSecurityPolicy, securityHeaders } from '../host/csp';
import { contentTypeFor, rendererFileFor } from '../host/renderer-files';

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8' } });
}

export async function rendererResponse(rendererDir: string, requestUrl: string): Promise<Response> {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return notFound();
  }
  if (url.host !== APP_HOST) return notFound();
  const file = rendererFileFor(rendererDir, url.pathname);
  const body = file ? await readFile(file).catch(() => null) : null;
  if (!file || !body) return notFound();
  return new Response(new Uint8Array(body), {
    status: 200,
    headers: {
      ...securityHeaders,
      'Content-Security-Policy': contentSecurityPolicy(),
      'Content-Type': contentTypeFor(file),
      'Cache-Control': 'no-store'
    }
  });
}
