// An HTTP server's event stream (`text/event-stream`), read under the rules a stdio server's stdout is read
// under: at the server's read budget (the body is not pulled while over it, so TCP pushes back on the server),
// one event at most `maxEventBytes` long (past that, the rest of it is dropped as it streams, and its request
// answered with `too_large` when its JSON-RPC id shows: at once from the event's start, else at its end), and
// `resources/updated` notifications gated before the SDK parses them. Events are cut at blank lines, which is
// all the guard needs to know of the format; the SDK's own parser reads what passes.
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { setTimeout as delay } from 'node:timers/promises';
import { EDGE, jsonRpcIdAtEdges, jsonRpcIdAtStart, tooLargeReply, type OversizeInfo } from '../oversize-guard';
import { GATED_BYTES, GATED_MAX_BYTES } from '../notification-gate';
import type { ReadMeter } from '../read-budget';

export interface EventStreamGuardOptions {
  maxEventBytes: number;
  meter: ReadMeter;
  onOversize(info: OversizeInfo): void;
  /** False: the message is held back or dropped; `later` delivers it (or a newer one) afterwards. */
  admit(message: JSONRPCMessage): boolean;
}

const LF = 0x0a;
const CR = 0x0d;
/** Only events naming this method are decoded and parsed here; every other event passes as bytes. */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Where the blank line that ends an event finishes in `bytes` (the index after it); -1 if none. `before`: the
 * event's last two bytes so far, for a blank line split across chunks. CR-only line ends are not recognised.
 */
function eventEnd(bytes: Uint8Array, before: readonly number[]): number {
  const [b2, b1] = before;
  if (b1 === LF && bytes[0] === LF) return 1;
  if (b1 === LF && bytes[0] === CR && bytes[1] === LF) return 2;
  if (b2 === LF && b1 === CR && bytes[0] === LF) return 1;
  for (let at = bytes.indexOf(LF); at !== -1; at = bytes.indexOf(LF, at + 1)) {
    if (at + 1 < bytes.length && bytes[at + 1] === LF) return at + 2;
    if (at + 2 < bytes.length && bytes[at + 1] === CR && bytes[at + 2] === LF) return at + 3;
  }
  return -1;
}

/** The JSON of an event's `data:` lines, joined as the SSE format joins them. */
function eventData(text: string): string {
  return text
    .split(/\r?\n/)
    .filter(line => line.startsWith('data:'))
    .map(line => line.slice(line.startsWith('data: ') ? 6 : 5))
    .join('\n');
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** An event over the limit being dropped as it streams: its first and last bytes (for the id), its size so far. */
interface Skipping {
  head: Uint8Array;
  tail: Uint8Array;
  size: number;
  /** Its request was already failed, when the limit was passed (the id was at its start). */
  answered: boolean;
}

/** The last EDGE bytes of `tail` followed by `piece`. */
const lastEdge = (tail: Uint8Array, piece: Uint8Array) => concat([tail, piece.subarray(-EDGE)]).slice(-EDGE);

export function guardEventStream(body: ReadableStream<Uint8Array>, options: EventStreamGuardOptions): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const limit = options.maxEventBytes;
  /** The event being read, as the chunks it came in, when it began in an earlier chunk. */
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  /** The current event's last two bytes, for a blank line split across chunks. */
  let lastTwo: number[] = [];
  let skipping: Skipping | undefined;

  const tooLargeEvent = (id: string | number, size: number, atLeast: boolean) =>
    encoder.encode(`event: message\ndata: ${JSON.stringify(tooLargeReply(id, size, limit, atLeast))}\n\n`);

  /** The event passes the limit with `piece`: the rest of it is dropped as it comes; its request fails now if
   * its start names it. */
  const startSkipping = (piece: Uint8Array, out: Uint8Array[]): void => {
    // Only the edges are copied, never the event so far.
    const parts = [...pending, piece];
    const head = concat(parts.slice(0, 8)).slice(0, EDGE);
    const tail = concat(parts.slice(-8)).slice(-EDGE);
    const size = pendingBytes + piece.length;
    pending = [];
    pendingBytes = 0;
    const id = jsonRpcIdAtStart(eventData(decoder.decode(head)));
    if (id !== undefined) out.push(tooLargeEvent(id, size, true));
    skipping = { head, tail, size, answered: id !== undefined };
  };

  const endSkipped = (skipped: Skipping, out: Uint8Array[]): void => {
    const id = jsonRpcIdAtEdges(eventData(decoder.decode(skipped.head)), decoder.decode(skipped.tail).trimEnd());
    options.onOversize({ size: skipped.size, limit, ...(id !== undefined && { id }) });
    if (id !== undefined && !skipped.answered) out.push(tooLargeEvent(id, skipped.size, false));
  };

  /** A finished event goes on to the SDK unless the gate holds it back; only a small one naming the gated
   * method is decoded. */
  const pass = (event: Uint8Array, out: Uint8Array[]): void => {
    if (event.length < GATED_MAX_BYTES && Buffer.from(event.buffer, event.byteOffset, event.byteLength).includes(GATED_BYTES)) {
      let message: JSONRPCMessage | undefined;
      try {
        message = JSON.parse(eventData(decoder.decode(event))) as JSONRPCMessage;
      } catch {
        // Not JSON: the SDK's parser reports it as it would any other bad event.
      }
      if (message && !options.admit(message)) return;
    }
    out.push(event);
  };

  /** Splits a chunk into finished events (handed to `out`) and the start of the next one (kept); counts events. */
  const take = (chunk: Uint8Array, out: Uint8Array[]): number => {
    let events = 0;
    let rest = chunk;
    while (rest.length) {
      const end = eventEnd(rest, lastTwo);
      const piece = end === -1 ? rest : rest.subarray(0, end);
      lastTwo = [...lastTwo, ...piece.subarray(-2)].slice(-2);
      /** The whole event, when it starts and ends in this chunk (passed on as a slice of it, never copied). */
      let whole: Uint8Array | undefined;
      if (skipping) {
        skipping.size += piece.length;
        skipping.tail = lastEdge(skipping.tail, piece);
      } else if (pendingBytes + piece.length > limit) startSkipping(piece, out);
      else if (end !== -1 && pendingBytes === 0) whole = piece;
      else {
        pending.push(piece);
        pendingBytes += piece.length;
      }
      if (end === -1) return events;
      events++;
      lastTwo = [];
      if (skipping) endSkipped(skipping, out);
      else pass(whole ?? concat(pending), out);
      skipping = undefined;
      pending = [];
      pendingBytes = 0;
      rest = rest.subarray(end);
    }
    return events;
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // Read until something can be handed on (a gated or skipped event yields nothing), or the body ends.
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            if (pendingBytes) controller.enqueue(concat(pending));
            controller.close();
            return;
          }
          const out: Uint8Array[] = [];
          const events = take(value, out);
          for (const event of out) controller.enqueue(event);
          const wait = options.meter.spend(value.length, events);
          if (wait > 0) await delay(wait);
          if (out.length) return;
        }
      },
      cancel: reason => reader.cancel(reason)
    },
    { highWaterMark: 0 }
  );
}
