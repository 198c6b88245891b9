// The event-stream guard on its own, fed byte streams cut at awkward places: events pass whole and in order
// whatever the chunking (blank lines split across chunks, CRLF line ends), gated notifications are held back,
// an event over the limit is skipped and answered with too_large when its id shows, and the meter is charged.
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { OversizeInfo } from '../oversize-guard';
import { defaultReadBudget, ReadMeter, type ThrottleCounts } from '../read-budget';
import { guardEventStream } from './event-stream-guard';

const encoder = new TextEncoder();

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    }
  });
}

async function run(chunks: string[], opts: { limit?: number; admit?: (m: JSONRPCMessage) => boolean; messagesPerSecond?: number } = {}) {
  const counts: ThrottleCounts = { pauses: 0, pausedMs: 0, coalesced: 0, unwatched: 0 };
  const oversize: OversizeInfo[] = [];
  const guarded = guardEventStream(streamOf(chunks), {
    maxEventBytes: opts.limit ?? 1_000,
    meter: new ReadMeter({ ...defaultReadBudget, messagesPerSecond: opts.messagesPerSecond ?? defaultReadBudget.messagesPerSecond }, counts, () => undefined),
    onOversize: info => oversize.push(info),
    admit: opts.admit ?? (() => true)
  });
  const text = await new Response(guarded).text();
  return { text, oversize, counts };
}

const event = (message: object) => `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', ...message })}\n\n`;
const updated = (uri: string) => event({ method: 'notifications/resources/updated', params: { uri } });

describe('event-stream guard', () => {
  it('passes every event whole and in order, however the bytes are cut', async () => {
    const whole = event({ id: 1, result: {} }) + event({ id: 2, result: { a: 1 } }) + 'data: {"x":1}\r\n\r\n';
    for (const size of [1, 2, 3, 7, 64]) {
      const chunks = whole.match(new RegExp(`[^]{1,${size}}`, 'g')) as string[];
      expect((await run(chunks)).text).toBe(whole);
    }
  });

  it('holds back the notifications the gate refuses, and only those', async () => {
    const admit = (m: JSONRPCMessage) => !('method' in m) || (m.params as { uri: string }).uri !== 'x://drop';
    const { text } = await run([updated('x://keep'), updated('x://drop'), event({ id: 3, result: {} })], { admit });
    expect(text).toBe(updated('x://keep') + event({ id: 3, result: {} }));
  });

  const eventsOf = (text: string) =>
    text
      .split('\n\n')
      .filter(Boolean)
      .map(e => JSON.parse(e.slice(e.indexOf('data: ') + 6)) as { id: number; error?: { code: number; message: string; data: unknown } });

  it('skips an event over the limit and answers its request with too_large as soon as the limit is passed', async () => {
    const big = event({ id: 42, result: { text: 'y'.repeat(5_000) } });
    const { text, oversize } = await run([event({ id: 1, result: {} }), big.slice(0, 3_000), big.slice(3_000), event({ id: 2, result: {} })]);
    expect(oversize).toEqual([{ size: big.length, limit: 1_000, id: 42 }]);
    const events = eventsOf(text);
    expect(events.map(e => e.id)).toEqual([1, 42, 2]);
    // The id was at the event's start: the request failed when the limit was passed, at the 3,000 bytes seen then.
    expect(events[1].error).toMatchObject({ code: -32099, data: { size: 3_000, limit: 1_000 } });
    expect(events[1].error?.message).toContain('(over 1000 bytes)');
  });

  it.each([
    ['a short first chunk', (big: string) => [big.slice(0, 30), big.slice(30)]],
    ['many small chunks', (big: string) => big.match(/[^]{1,40}/g) as string[]]
  ])('finds the id at the start of an event that came in %s before passing the limit', async (_, cut) => {
    const big = event({ id: 'early', result: { text: 'y'.repeat(5_000) } });
    const { text, oversize } = await run(cut(big));
    expect(oversize).toEqual([{ size: big.length, limit: 1_000, id: 'early' }]);
    expect(eventsOf(text)).toMatchObject([{ id: 'early', error: { code: -32099, data: { limit: 1_000 } } }]);
  });

  it('answers an oversized event whose id comes last when it ends, with its whole size', async () => {
    const big = `event: message\ndata: ${JSON.stringify({ result: { text: 'y'.repeat(5_000) }, jsonrpc: '2.0', id: 'late' })}\n\n`;
    const chunks = big.match(/[^]{1,700}/g) as string[];
    const { text, oversize } = await run([...chunks, event({ id: 2, result: {} })]);
    expect(oversize).toEqual([{ size: big.length, limit: 1_000, id: 'late' }]);
    const events = eventsOf(text);
    expect(events.map(e => e.id)).toEqual(['late', 2]);
    expect(events[0].error).toMatchObject({ code: -32099, data: { size: big.length, limit: 1_000 } });
  });

  it('charges the meter with bytes and events, and waits when over', async () => {
    const many = Array.from({ length: 40 }, (_, i) => event({ id: i, result: {} }));
    const { counts, text } = await run(many, { messagesPerSecond: 100 });
    expect(text).toBe(many.join(''));
    expect(counts.pauses).toBeGreaterThan(0);
    expect(counts.pausedMs).toBeGreaterThan(0);
  });
});
