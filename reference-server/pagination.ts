// Opaque list cursors. A cursor names the list it belongs to, an offset, and a fingerprint of the server's
// configuration; anything that does not decode to exactly that is rejected with -32602.
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

export type ListName = 'resources' | 'templates';

export function encodeCursor(list: ListName, offset: number, fingerprint: string): string {
  return Buffer.from(JSON.stringify({ l: list, o: offset, f: fingerprint })).toString('base64url');
}

export function decodeCursor(cursor: string | undefined, list: ListName, fingerprint: string, total: number): number {
  if (cursor === undefined) return 0;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const p = parsed as { l?: unknown; o?: unknown; f?: unknown } | undefined;
  const ok = typeof p === 'object' && p !== null && p.l === list && p.f === fingerprint &&
    typeof p.o === 'number' && Number.isInteger(p.o) && p.o > 0 && p.o <= total;
  if (!ok) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid cursor for ${list} list`, { cursor });
  return p.o as number;
}

export function page<T>(items: (offset: number, end: number) => T[], total: number, offset: number, size: number, next: (offset: number) => string): { items: T[]; nextCursor?: string } {
  const end = Math.min(total, offset + size);
  return { items: items(offset, end), ...(end < total ? { nextCursor: next(end) } : {}) };
}
