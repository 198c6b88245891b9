// Small connection-layer pieces: backoff delays, the stderr buffer, the oversize-tolerant reader.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { RPC_TOO_LARGE } from '../errors';
import { backoffDelay } from './backoff';
import { BoundedLineReader } from './oversize-guard';
import type { OversizeInfo } from './oversize-guard';
import { StderrBuffer } from './stderr-buffer';

describe('backoffDelay', () => {
  const policy = { baseMs: 100, capMs: 1000, jitter: 0.5 };
  it('doubles per attempt up to the cap', () => {
    expect([1, 2, 3, 4, 5, 10].map(a => backoffDelay(policy, a, () => 0))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });
  it('jitters down to half of the nominal delay', () => {
    expect(backoffDelay(policy, 3, () => 1)).toBe(200);
    const samples = Array.from({ length: 50 }, () => backoffDelay(policy, 3));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(200);
    expect(Math.max(...samples)).toBeLessThanOrEqual(400);
    expect(new Set(samples).size).toBeGreaterThan(1);
  });
});

describe('StderrBuffer', () => {
  it('keeps the last lines, counts dropped ones, and batches (bounded) events', async () => {
    const batches: string[][] = [];
    const buffer = new StderrBuffer({ maxLines: 3, maxLineLength: 10, flushMs: 5, onLines: lines => batches.push(lines.map(l => l.text)) });
    const stream = new PassThrough();
    buffer.attach(stream);
    stream.write('one\ntwo\r\nthr');
    stream.write('ee\nfour\nthis line is far too long\n');
    stream.end('tail without newline');
    await new Promise(r => setTimeout(r, 30));
    expect(buffer.snapshot().map(l => l.text)).toEqual(['four', 'this line …', 'tail witho…']);
    expect(buffer.dropped).toBe(3);
    // Lines arriving faster than the flush interval are batched, and the batch is bounded too.
    expect(batches).toEqual([['four', 'this line …', 'tail witho…']]);
    expect(buffer.tail(1)).toBe('tail witho…');
    buffer.write('five\n');
    await new Promise(r => setTimeout(r, 30));
    expect(batches.at(-1)).toEqual(['five']);
  });
});

describe('BoundedLineReader', () => {
  const line = (obj: unknown) => Buffer.from(`${JSON.stringify(obj)}\n`);

  it('passes normal messages through, split across chunks, and skips non-JSON lines', () => {
    const reader = new BoundedLineReader(1000, () => undefined);
    const bytes = Buffer.concat([Buffer.from('npm notice: hello\n'), line({ jsonrpc: '2.0', id: 1, result: {} }), line({ jsonrpc: '2.0', method: 'notifications/x' })]);
    reader.append(bytes.subarray(0, 25));
    reader.append(bytes.subarray(25));
    expect(reader.readMessage()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(reader.readMessage()).toEqual({ jsonrpc: '2.0', method: 'notifications/x' });
    expect(reader.readMessage()).toBeNull();
  });

  it('replaces an oversized reply with a too_large error for its id and keeps reading', () => {
    const seen: OversizeInfo[] = [];
    const reader = new BoundedLineReader(100, info => seen.push(info));
    const huge = line({ result: { contents: [{ uri: 'a://b', text: 'x'.repeat(500) }] }, jsonrpc: '2.0', id: 7 });
    for (let i = 0; i < huge.length; i += 64) reader.append(huge.subarray(i, i + 64));
    reader.append(line({ jsonrpc: '2.0', id: 8, result: {} }));
    expect(reader.readMessage()).toMatchObject({ id: 7, error: { code: RPC_TOO_LARGE, data: { size: huge.length - 1, limit: 100 } } });
    expect(reader.readMessage()).toEqual({ jsonrpc: '2.0', id: 8, result: {} });
    expect(seen).toEqual([{ size: huge.length - 1, limit: 100, id: 7 }]);
  });

  it('fails the request as soon as the limit is passed when the id is at the start, keeping nothing of the rest', () => {
    const seen: OversizeInfo[] = [];
    const reader = new BoundedLineReader(100, info => seen.push(info));
    const start = Buffer.from(`${JSON.stringify({ jsonrpc: '2.0', id: 9, result: { pad: 'p'.repeat(200) } }).slice(0, 150)}`);
    reader.append(start);
    // The line has not ended (it may never): the request is answered already, with what was seen.
    const reply = reader.readMessage() as { id: number; error: { code: number; message: string; data: unknown } };
    expect(reply).toMatchObject({ id: 9, error: { code: RPC_TOO_LARGE, data: { size: 150, limit: 100 } } });
    expect(reply.error.message).toContain('(over 100 bytes)');
    for (let i = 0; i < 100; i++) reader.append(Buffer.from('q'.repeat(1_000)));
    expect(reader.readMessage()).toBeNull();
    reader.append(Buffer.from('"}}\n'));
    reader.append(line({ jsonrpc: '2.0', id: 10, result: {} }));
    // Reported once with its whole size when it ends; not answered twice.
    expect(reader.readMessage()).toEqual({ jsonrpc: '2.0', id: 10, result: {} });
    expect(seen).toEqual([{ size: 150 + 100_000 + 3, limit: 100, id: 9 }]);
  });

  it('reads lines split across many chunks whole, line after line', () => {
    const reader = new BoundedLineReader(10_000, () => undefined);
    const lines = [1, 2, 3].map(id => line({ jsonrpc: '2.0', id, result: { text: String(id).repeat(3_000) } }));
    const bytes = Buffer.concat(lines);
    for (let i = 0; i < bytes.length; i += 1_000) reader.append(bytes.subarray(i, i + 1_000));
    for (const id of [1, 2, 3]) expect(reader.readMessage()).toEqual({ jsonrpc: '2.0', id, result: { text: String(id).repeat(3_000) } });
  });

  it('gates resources/updated on a plain parse, asking the gate once per message, and still checks what it admits', () => {
    const asked: unknown[] = [];
    const malformed: string[] = [];
    const reader = new BoundedLineReader(1000, () => undefined, sample => malformed.push(sample), message => {
      asked.push(message);
      return (message as { params?: { uri?: string } }).params?.uri !== 'a://drop';
    });
    const updated = (uri: string) => ({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri } });
    reader.append(Buffer.concat([line(updated('a://drop')), line(updated('a://keep')), Buffer.from('{"jsonrpc":"1.0","method":"notifications/resources/updated","params":{"uri":"a://bad"}}\n'), Buffer.from('"notifications/resources/updated"\n'), line({ jsonrpc: '2.0', id: 3, result: {} })]));
    expect([reader.readMessage(), reader.readMessage()]).toEqual([updated('a://keep'), { jsonrpc: '2.0', id: 3, result: {} }]);
    expect(reader.readMessage()).toBeNull();
    // Asked once each (the reply is not gated); the JSON-RPC 1.0 line passed the gate, not the SDK's check.
    expect(asked).toHaveLength(4);
    expect(malformed).toEqual([expect.stringContaining('a://bad'), '"notifications/resources/updated"']);
  });

  it('reads lines from chunks of one reused buffer, cut inside multi-byte characters, each line whole', () => {
    const reader = new BoundedLineReader(100_000, () => undefined);
    const texts = ['é✓中文'.repeat(500), '🙂'.repeat(700), 'ascii'.repeat(300)];
    const bytes = Buffer.concat(texts.map((text, id) => line({ jsonrpc: '2.0', id, result: { text } })));
    // An odd size, so cuts fall inside characters, and chunks that end one long line and start the next.
    const reused = Buffer.alloc(777);
    const read: unknown[] = [];
    for (let at = 0; at < bytes.length; at += reused.length) {
      const size = bytes.copy(reused, 0, at, at + reused.length);
      reader.append(reused.subarray(0, size));
      // As the transport does: what is ready is read before the next chunk overwrites the buffer.
      for (let message = reader.readMessage(); message; message = reader.readMessage()) read.push(message);
      reused.fill(0x78);
    }
    expect(read).toEqual(texts.map((text, id) => ({ jsonrpc: '2.0', id, result: { text } })));
  });

  it('gates a resources/updated split across chunks on a plain parse too', () => {
    const asked: unknown[] = [];
    const reader = new BoundedLineReader(1000, () => undefined, undefined, message => {
      asked.push(message);
      return (message as { params?: { uri?: string } }).params?.uri !== 'a://drop';
    });
    const updated = (uri: string) => ({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri } });
    const bytes = Buffer.concat([line(updated('a://drop')), line(updated('a://keep'))]);
    reader.append(bytes.subarray(0, 30));
    reader.append(bytes.subarray(30, 100));
    reader.append(bytes.subarray(100));
    expect(reader.readMessage()).toEqual(updated('a://keep'));
    expect(reader.readMessage()).toBeNull();
    expect(asked).toEqual([updated('a://drop'), updated('a://keep')]);
  });

  it('finds the id at the start too, and drops oversized messages without an id', () => {
    const reader = new BoundedLineReader(50, () => undefined);
    reader.append(line({ jsonrpc: '2.0', id: 'abc', result: { pad: 'y'.repeat(100) } }));
    reader.append(line({ jsonrpc: '2.0', method: 'notifications/big', params: { pad: 'z'.repeat(100) } }));
    expect(reader.readMessage()).toMatchObject({ id: 'abc', error: { code: RPC_TOO_LARGE } });
    expect(reader.readMessage()).toBeNull();
  });
});
