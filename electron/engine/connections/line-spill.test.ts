// Long stdio lines wait in a temp file, not in memory (line-spill.ts, oversize-guard.ts): the reader holds at
// most its memory window of any line, whether the line turns out legitimate (read back whole, in order) or too
// large (dropped, its request failed with too_large). Against scripted chunks, then against real broken servers
// (test-support/fleet/broken-server.ts) over real stdio, through the reader alone and through the engine.
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ContentPart, ReadResult } from '../../../shared/contract';
import { cleanup, engineWith, statusOf } from '../../../test-support/engine/engine-harness';
import { brokenServer, type BrokenMode } from '../../../test-support/fleet/fleet';
import { stopChild } from '../../../test-support/processes';
import { RPC_TOO_LARGE } from '../errors';
import { BoundedLineReader, DROPPED_BYTE_WEIGHT, MEMORY_WINDOW, type OversizeInfo } from './oversize-guard';
import { defaultReadBudget, meterReadable, ReadMeter } from './read-budget';
import { readIntoReusedBuffer } from './transports/reused-buffer-read';

const dirs: string[] = [];
afterAll(async () => {
  await cleanup();
  await Promise.all(dirs.map(dir => rm(dir, { recursive: true, force: true })));
});

async function spillDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mrb-spill-'));
  dirs.push(dir);
  return dir;
}

const MB = 1024 * 1024;
const line = (obj: unknown) => Buffer.from(`${JSON.stringify(obj)}\n`);

/** Feeds `bytes` in `size`-byte chunks, noting the most the reader held in memory at any point. */
function feed(reader: BoundedLineReader, bytes: Buffer, size: number): number {
  let held = 0;
  for (let at = 0; at < bytes.length; at += size) {
    reader.append(bytes.subarray(at, at + size));
    held = Math.max(held, reader.heldBytes);
  }
  return held;
}

describe('BoundedLineReader past its memory window', () => {
  it('reads a line longer than the window whole, in order with the lines around it, holding at most the window', async () => {
    const dir = await spillDir();
    const reader = new BoundedLineReader(10_000, () => undefined, undefined, undefined, { memoryWindow: 1_000, spillDir: dir });
    const long = { jsonrpc: '2.0', id: 2, result: { text: 'é'.repeat(3_000) } };
    const bytes = Buffer.concat([line({ jsonrpc: '2.0', id: 1, result: {} }), line(long), line({ jsonrpc: '2.0', id: 3, result: {} })]);
    expect(feed(reader, bytes, 300)).toBeLessThanOrEqual(1_000);
    expect([reader.readMessage(), reader.readMessage(), reader.readMessage(), reader.readMessage()]).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      long,
      { jsonrpc: '2.0', id: 3, result: {} },
      null
    ]);
    // The file was unlinked as soon as it was opened, and is closed with the connection.
    expect(await readdir(dir)).toEqual([]);
    reader.clear();
    // A line after a clear (a new file) reads as well.
    feed(reader, line(long), 700);
    expect(reader.readMessage()).toEqual(long);
  });

  it('drops a spilled line that passes the limit, answering its id at once and reporting its whole size at its end', () => {
    const seen: OversizeInfo[] = [];
    const reader = new BoundedLineReader(5_000, info => seen.push(info), undefined, undefined, { memoryWindow: 1_000 });
    const huge = line({ jsonrpc: '2.0', id: 4, result: { text: 'x'.repeat(20_000) } });
    expect(feed(reader, huge.subarray(0, 6_000), 500)).toBeLessThanOrEqual(1_000);
    expect(reader.readMessage()).toMatchObject({ id: 4, error: { code: RPC_TOO_LARGE, data: { size: 5_500, limit: 5_000 } } });
    feed(reader, Buffer.concat([huge.subarray(6_000), line({ jsonrpc: '2.0', id: 5, result: {} })]), 500);
    expect(reader.readMessage()).toEqual({ jsonrpc: '2.0', id: 5, result: {} });
    expect(seen).toEqual([{ size: huge.length - 1, limit: 5_000, id: 4 }]);
  });

  it("counts a dropped line's bytes DROPPED_BYTE_WEIGHT times against the read budget, and only while dropping", async () => {
    const reader = new BoundedLineReader(5_000, () => undefined, undefined, undefined, { memoryWindow: 1_000 });
    const weights: number[] = [];
    for (const piece of ['{"jsonrpc":"2.0","id":1,"result":"', 'a'.repeat(3_000), 'b'.repeat(3_000), 'c'.repeat(3_000), '"}\n']) {
      reader.append(Buffer.from(piece));
      weights.push(reader.byteWeight);
    }
    expect(weights).toEqual([1, 1, DROPPED_BYTE_WEIGHT, DROPPED_BYTE_WEIGHT, 1]);
    // The same bytes, a little over a tenth of the budget's eighth (one window's share), weighted and not.
    const chunks = Math.ceil(defaultReadBudget.bytesPerSecond / 10 / 65_536 / DROPPED_BYTE_WEIGHT) + 1;
    const pausesWith = async (weight: number) => {
      const counts = { pauses: 0, pausedMs: 0, coalesced: 0, unwatched: 0 };
      const stream = new PassThrough();
      meterReadable(stream, new ReadMeter(defaultReadBudget, counts, () => undefined), () => weight);
      stream.resume();
      for (let i = 0; i < chunks; i++) stream.write(Buffer.alloc(65_536));
      await new Promise(resolve => setImmediate(resolve));
      stream.destroy();
      return counts.pauses;
    };
    expect(await pausesWith(1)).toBe(0);
    expect(await pausesWith(DROPPED_BYTE_WEIGHT)).toBeGreaterThan(0);
  });

  it('finds an id written last on a line dropped after spilling', () => {
    const reader = new BoundedLineReader(5_000, () => undefined, undefined, undefined, { memoryWindow: 1_000 });
    const huge = line({ result: { text: 'y'.repeat(8_000) }, jsonrpc: '2.0', id: 'late' });
    feed(reader, huge, 700);
    expect(reader.readMessage()).toMatchObject({ id: 'late', error: { code: RPC_TOO_LARGE, data: { size: huge.length - 1, limit: 5_000 } } });
  });

  it('keeps the line in memory when no spill file can be made (no temp space), and still reads it whole', async () => {
    const missing = path.join(await spillDir(), 'not-there');
    const reader = new BoundedLineReader(10_000, () => undefined, undefined, undefined, { memoryWindow: 1_000, spillDir: missing });
    const long = { jsonrpc: '2.0', id: 6, result: { text: 'z'.repeat(4_000) } };
    expect(feed(reader, line(long), 300)).toBeGreaterThan(1_000);
    expect(reader.readMessage()).toEqual(long);
  });
});

/** A broken server over stdio read by a BoundedLineReader alone: sends `requests` one at a time, each when the
 * line before has ended (the fleet's server would write a reply into the middle of a huge line), and collects
 * their replies and the most the reader held. */
async function readFromServer(mode: BrokenMode, extra: string[], limit: number, requests: unknown[]) {
  const entry = brokenServer(mode, extra);
  const child = spawn(entry.command, entry.args ?? [], { cwd: entry.cwd, stdio: ['pipe', 'pipe', 'ignore'] });
  let sent = 0;
  const sendNext = () => sent < requests.length && child.stdin.write(`${JSON.stringify(requests[sent++])}\n`);
  // A dropped line ends when it is reported, not when its request is answered (at once, from its start).
  const reader = new BoundedLineReader(limit, sendNext);
  const messages: unknown[] = [];
  let held = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.stdout.on('data', (chunk: Buffer) => {
        reader.append(chunk);
        held = Math.max(held, reader.heldBytes);
        for (let message = reader.readMessage(); message; message = reader.readMessage()) {
          messages.push(message);
          if (messages.length === requests.length) resolve();
          else if (!('error' in message)) sendNext();
        }
      });
      sendNext();
    });
  } finally {
    reader.clear();
    await stopChild(child);
  }
  return { messages, held };
}

describe('long lines from a real server over stdio', () => {
  it('reads a 4 MB reply whole through the spill, holding at most the window', async () => {
    const { messages, held } = await readFromServer('big-blob', ['--bytes', String(3 * MB)], 64 * MB, [{ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'fleet://blob/0' } }]);
    const blob = (messages[0] as { result: { contents: { blob: string }[] } }).result.contents[0].blob;
    // (Buffer.equals: a deep equality of megabytes takes the matcher seconds.)
    expect(Buffer.from(blob, 'base64').equals(Buffer.alloc(3 * MB, 7))).toBe(true);
    expect(held).toBeLessThanOrEqual(MEMORY_WINDOW);
  });

  it('drops a 40 MB line over an 8 MB limit holding at most the window, and answers the next request', async () => {
    const { messages, held } = await readFromServer(
      'huge-line',
      ['--bytes', String(40 * MB)],
      8 * MB,
      [
        { jsonrpc: '2.0', id: 1, method: 'resources/list' },
        { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'fleet://huge-line/0' } }
      ]
    );
    expect(messages[0]).toMatchObject({ id: 1, error: { code: RPC_TOO_LARGE, data: { limit: 8 * MB } } });
    expect(messages[1]).toMatchObject({ id: 2, result: { contents: [{ uri: 'fleet://huge-line/0' }] } });
    expect(held).toBeLessThanOrEqual(MEMORY_WINDOW);
  });
});

describe('stdout read into one reused buffer', () => {
  it('delivers every byte, in order, as views of one buffer; pauses and resumes; ends and closes as before', async () => {
    const child = spawn(process.execPath, ['-e', 'for (let i = 0; i < 400; i++) process.stdout.write(Buffer.alloc(50_000, i % 256))'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const buffers = new Set<ArrayBufferLike>();
    const seen: number[] = [];
    let paused = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      buffers.add(chunk.buffer);
      for (const byte of chunk) if (seen[seen.length - 1] !== byte) seen.push(byte);
      // Pushed back now and then, as the read budget does.
      if (paused++ % 50 === 0) {
        child.stdout.pause();
        setTimeout(() => child.stdout.resume(), 5);
      }
    });
    expect(readIntoReusedBuffer(child.stdout)).toBe(true);
    const [code] = await Promise.all([new Promise(resolve => child.once('close', resolve)), new Promise(resolve => child.stdout.once('end', resolve))]);
    expect(code).toBe(0);
    // Each 50,000-byte write's value in turn, and no read in a buffer of its own.
    expect(seen).toEqual(Array.from({ length: 400 }, (_, i) => i % 256));
    expect(buffers.size).toBe(1);
  });
});

describe('long replies through the engine', () => {
  it('reads a blob past the window: the page gets a bounded preview, a whole read (Save) every byte', async () => {
    const engine = await engineWith({ blob: brokenServer('big-blob', ['--bytes', String(3 * MB)]) });
    await statusOf(engine, 'blob', 'connected', 60_000);
    const preview = (await engine.host.dispatch('resources.read', { serverId: 'blob', uri: 'fleet://blob/0', cacheMode: 'bypass', previewBytes: 256 * 1024 })) as ReadResult;
    expect(preview.contents[0]).toMatchObject({ kind: 'blob', size: 3 * MB, preview: { size: 3 * MB } });
    // Whole base64 quanta of the first 256 KB.
    expect(Buffer.from((preview.contents[0] as ContentPart & { blob: string }).blob, 'base64').length).toBe(Math.floor((256 * 1024) / 3) * 3);
    const whole = (await engine.host.dispatch('resources.read', { serverId: 'blob', uri: 'fleet://blob/0', cacheMode: 'bypass' })) as ReadResult;
    expect(Buffer.from((whole.contents[0] as ContentPart & { blob: string }).blob, 'base64').equals(Buffer.alloc(3 * MB, 7))).toBe(true);
  });

  it('refuses a blob whose message passes the limit with too_large naming size and limit, and keeps the connection', async () => {
    const limit = 8 * MB;
    const engine = await engineWith({ blob: brokenServer('big-blob', ['--bytes', String(12 * MB)]) }, { limits: { maxMessageBytes: limit } });
    await statusOf(engine, 'blob', 'connected', 60_000);
    const pid = engine.registry.details('blob').pid;
    const failed = engine.host.dispatch('resources.read', { serverId: 'blob', uri: 'fleet://blob/0', cacheMode: 'bypass' });
    await expect(failed).rejects.toMatchObject({ error: { code: 'too_large', data: { limit }, message: expect.stringContaining(`exceeds the limit of ${limit} bytes`) } });
    expect(engine.registry.get('blob').snapshot().status).toBe('connected');
    expect(engine.registry.details('blob').pid).toBe(pid);
    await expect(engine.host.dispatch('resources.list', { serverId: 'blob', cacheMode: 'bypass' })).resolves.toMatchObject({ items: [{ uri: 'fleet://blob/0' }] });
  });
});
