// Maps a request path to a file of the built renderer (dist/renderer), for the browser-mode HTTP
// server and Electron's app:// protocol alike. Paths that climb out of the root are refused.
import path from 'node:path';

export const INDEX_FILE = 'index.html';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm'
};

export function contentTypeFor(file: string): string {
  return contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The absolute file for a URL pathname under `root`, or null when it is malformed or escapes the root. */
export function rendererFileFor(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relative = decoded === '/' || decoded === '' ? INDEX_FILE : decoded.replace(/^\/+/, '');
  const resolvedRoot = path.resolve(root);
  const file = path.resolve(resolvedRoot, relative);
  if (file !== resolvedRoot && !file.startsWith(resolvedRoot + path.sep)) return null;
  return file;
}
