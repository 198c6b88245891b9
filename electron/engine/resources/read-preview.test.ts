// Bounded previews against a real server: a read with `previewBytes` carries at most that much of each
// content part (text cut at a character boundary, blobs cut or, for media, omitted) with the whole size;
// a read without it is whole. Then the bridge's `/content` download streams the whole part from the
// engine (token-checked), so nothing big ever crosses the page's socket.
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ContentPart, ReadResult } from '../../../shared/contract';
import { startBridge } from '../../bridge/server';
import { cleanup, engineWith, statusOf } from '../../../test-support/engine/engine-harness';
import { brokenServer } from '../../../test-support/fleet/fleet';
import { referenceServerEntry } from '../config/default-server';
import { previewPart } from './read';

afterAll(cleanup);

const KB = 1024;

describe('previewPart', () => {
  const text = (t: string): ContentPart => ({ uri: 'x', kind: 'text', text: t });
  it('keeps small parts whole and cuts text at a character boundary', () => {
    expect(previewPart(text('héllo'), 100)).toEqual(text('héllo'));
    // 'é' is 2 bytes: a cut after 2 bytes lands inside it and must not leave a broken character.
    expect(previewPart(text('aébc'), 2)).toEqual({ ...text('a'), preview: { size: 5 } });
  });
  it('cuts a binary blob to whole base64 quanta and omits media', () => {
    const blob = Buffer.alloc(1000, 1).toString('base64');
    const cut = previewPart({ uri: 'x', kind: 'blob', mimeType: 'application/octet-stream', blob, size: 1000 }, 100);
    expect(cut).toMatchObject({ preview: { size: 1000 } });
    expect(Buffer.from((cut as { blob: string }).blob, 'base64').length).toBe(99);
    expect(previewPart({ uri: 'x.png', kind: 'blob', mimeType: 'image/png', blob, size: 1000 }, 100)).toMatchObject({ blob: '', preview: { size: 1000, omitted: true } });
  });
});

describe('reads with previews, and the whole part saved from the engine', () => {
  it('bounds a 5 MB text and 5 MB and 3 MB blobs, and the bridge streams the whole blob', async () => {
    const engine = await engineWith({ ref: referenceServerEntry(), img: brokenServer('big-blob', ['--bytes', String(3 * 1024 * KB)]) });
    await statusOf(engine, 'ref', 'connected', 60_000);
    const read = (serverId: string, uri: string, previewBytes?: number) =>
      engine.host.dispatch('resources.read', { serverId, uri, ...(previewBytes && { previewBytes }) }) as Promise<ReadResult>;

    const log = (await read('ref', 'ref://samples/large.log', 256 * KB)).contents[0];
    expect(log.kind).toBe('text');
    expect(Buffer.byteLength((log as { text: string }).text)).toBeLessThanOrEqual(256 * KB);
    expect(log.preview?.size).toBeGreaterThan(5_000_000);

    const bin = (await read('ref', 'ref://samples/large.bin', 256 * KB)).contents[0] as Extract<ContentPart, { kind: 'blob' }>;
    expect(bin.blob.length).toBeLessThanOrEqual((256 * KB * 4) / 3);
    expect(bin.preview).toEqual({ size: bin.size });
    const whole = (await read('ref', 'ref://samples/large.bin')).contents[0] as Extract<ContentPart, { kind: 'blob' }>;
    expect(whole.preview).toBeUndefined();
    expect(Buffer.from(whole.blob, 'base64').length).toBe(bin.size);

    // Another server's 3 MB blob: cut the same way, its whole size reported.
    const other = (await read('img', 'fleet://blob/0', 256 * KB)).contents[0] as Extract<ContentPart, { kind: 'blob' }>;
    expect(other.preview).toEqual({ size: 3 * 1024 * KB });
    expect(other.blob.length).toBeLessThanOrEqual((256 * KB * 4) / 3);

    const rendererDir = await mkdtemp(path.join(tmpdir(), 'preview-bridge-'));
    await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html>');
    const bridge = await startBridge({ host: engine.host, port: 0, rendererDir });
    try {
      const get = (query: string) =>
        new Promise<{ status: number; disposition?: string; bytes: Buffer }>((resolve, reject) => {
          const req = request({ host: '127.0.0.1', port: bridge.port, path: query }, res => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, disposition: res.headers['content-disposition'], bytes: Buffer.concat(chunks) }));
          });
          req.on('error', reject);
          req.end();
        });
      const q = new URLSearchParams({ serverId: 'ref', uri: 'ref://samples/large.bin', index: '0', name: 'large.bin' });
      expect((await get(`/content?${q}`)).status).toBe(401); // no token, no content
      const got = await get(`/content?${q}&token=${bridge.token}`);
      expect(got.status).toBe(200);
      expect(got.disposition).toMatch(/attachment; filename="large.bin"/);
      expect(createHash('sha256').update(got.bytes).digest('hex')).toBe(createHash('sha256').update(Buffer.from(whole.blob, 'base64')).digest('hex'));
      const missing = await get(`/content?${new URLSearchParams({ serverId: 'ref', uri: 'ref://samples/large.bin', index: '3' })}&token=${bridge.token}`);
      expect(missing.status).toBe(404);
    } finally {
      await bridge.close();
      await rm(rendererDir, { recursive: true, force: true });
    }
  });
});
