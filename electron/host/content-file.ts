// One content part of a resource, whole, for saving it to disk (the host contract's `content.save`). The
// read happens in the host's own process (Electron's main process, browser mode's bridge), so the whole
// content never crosses to the page: the page only ever gets previews.
import type { Writable } from 'node:stream';
import type { EngineHost, ReadResult } from '../../shared/contract';
import { AppErrorException } from '../engine/errors';

export interface ContentRef {
  serverId: string;
  uri: string;
  index: number;
}

/** The part's bytes (text as UTF-8, blobs decoded), read through the engine's cache like any read. */
export async function contentPartBytes(host: EngineHost, ref: ContentRef): Promise<{ bytes: Buffer; mimeType?: string }> {
  const result = (await host.dispatch('resources.read', { serverId: ref.serverId, uri: ref.uri })) as ReadResult;
  const part = result.contents[ref.index];
  if (!part) throw new AppErrorException({ code: 'not_found', message: `${ref.uri} has no content part ${ref.index}`, data: { uri: ref.uri } });
  const bytes = part.kind === 'text' ? Buffer.from(part.text, 'utf8') : Buffer.from(part.blob, 'base64');
  return { bytes, ...(part.mimeType !== undefined && { mimeType: part.mimeType }) };
}

const CHUNK_BYTES = 1024 * 1024;

/** Writes `bytes` to `out` in chunks, waiting whenever the stream pushes back. */
export async function writeChunked(out: Writable, bytes: Buffer): Promise<void> {
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
    if (out.destroyed) return;
    if (!out.write(bytes.subarray(at, at + CHUNK_BYTES))) {
      await new Promise<void>(resolve => {
        const done = () => {
          out.off('drain', done);
          out.off('close', done);
          resolve();
        };
        out.on('drain', done);
        out.on('close', done);
      });
    }
  }
}
