// One browser tab's WebSocket: call frames in, one reply per call out, engine events pushed (all of them,
// or once the page has said which it listens to, only those). Bad frames (binary, too large, not JSON,
// not an envelope) get an error reply; none can throw. Flow control: while the page reads slower than
// events come, they wait in an EventBacklog (coalesced, old log entries dropped and counted) instead of
// filling the socket; the socket is closed only if the page stops reading altogether.
import type { RawData, WebSocket } from 'ws';
import type { EngineHost, ReplyEnvelope } from '../../shared/contract';
import { handleCall } from '../host/call-envelope';
import { EventInterest } from '../host/event-interest';
import { EventBacklog, type BacklogFrame } from './event-backlog';

/** Largest call frame the engine will parse (file.save carries whole resources as base64). */
export const MAX_CALL_FRAME_BYTES = 16 * 1024 * 1024;
/** Frames beyond this are not even buffered: `ws` closes the socket with 1009. */
export const HARD_FRAME_LIMIT_BYTES = 4 * MAX_CALL_FRAME_BYTES;
/** Above this much unsent data, events wait in the backlog (coalesced) instead of going to the socket. */
const HIGH_WATER_BYTES = 1024 * 1024;
/** How often a session with a backlog looks whether the page has caught up. */
const DRAIN_CHECK_MS = 25;
/** A client that stops reading is cut off rather than letting replies pile up in memory. */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;
/** Frames that can be neither coalesced nor dropped (replies, list pages) a page may leave unread. */
const MAX_UNDROPPABLE = 20_000;

function frameBytes(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

/** Our client writes `{"type":"call","id":N,...}`, so an oversized frame's id is near its start. */
function leadingId(frame: Buffer): number {
  const match = /"id"\s*:\s*(\d{1,15})/.exec(frame.subarray(0, 256).toString('utf8'));
  return match ? Number(match[1]) : -1;
}

export function attachSocketSession(socket: WebSocket, host: EngineHost, options: { highWaterBytes?: number } = {}): { backlog: EventBacklog } {
  const highWater = options.highWaterBytes ?? HIGH_WATER_BYTES;
  const backlog = new EventBacklog();
  let drainTimer: NodeJS.Timeout | undefined;

  const write = (frame: BacklogFrame) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.close(1013, 'client is not reading');
      return;
    }
    if (typeof frame === 'string') return socket.send(frame);
    if (frame.event === 'logAppended' && backlog.logDropped > 0) {
      const payload = frame.payload as { dropped: number };
      frame = { ...frame, payload: { ...payload, dropped: payload.dropped + backlog.logDropped } };
    }
    socket.send(JSON.stringify(frame));
  };

  /** Sends what waits while the page keeps up; looks again shortly while it does not. */
  const drain = () => {
    drainTimer = undefined;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount <= highWater) for (const frame of backlog.drain()) write(frame);
    if (backlog.size > 0) drainTimer = setTimeout(drain, DRAIN_CHECK_MS);
  };

  const behind = () => backlog.size > 0 || socket.bufferedAmount > highWater;
  const later = () => {
    if (backlog.undroppable > MAX_UNDROPPABLE) socket.close(1013, 'client is not reading');
    drainTimer ??= setTimeout(drain, DRAIN_CHECK_MS);
  };

  const sendReply = (reply: ReplyEnvelope) => {
    let text: string;
    try {
      text = JSON.stringify(reply);
    } catch (err) {
      // A result JSON cannot carry (e.g. a BigInt) still gets an answer.
      text = JSON.stringify({ type: 'reply', id: reply.id, ok: false, error: { code: 'internal', message: `Reply could not be encoded: ${String(err)}` } });
    }
    // A reply waits behind queued events (list pages go before their call's reply), and is never dropped.
    if (behind()) {
      backlog.addReply(text);
      return later();
    }
    write(text);
  };

  const interest = new EventInterest();
  const unsubscribe = host.subscribe(event => {
    if (!interest.wants(event.event)) return;
    if (behind()) {
      backlog.addEvent(event);
      return later();
    }
    write({ type: 'event', event: event.event, payload: event.payload });
  });
  socket.on('close', () => {
    unsubscribe();
    clearTimeout(drainTimer);
    backlog.drain();
  });
  socket.on('error', () => socket.terminate());

  socket.on('message', (data, isBinary) => {
    const frame = frameBytes(data);
    if (isBinary) {
      sendReply({ type: 'reply', id: -1, ok: false, error: { code: 'protocol', message: 'Binary frames are not accepted; send JSON text' } });
      return;
    }
    if (frame.length > MAX_CALL_FRAME_BYTES) {
      sendReply({
        type: 'reply',
        id: leadingId(frame),
        ok: false,
        error: { code: 'too_large', message: `Call frame of ${frame.length} bytes exceeds the ${MAX_CALL_FRAME_BYTES}-byte limit` }
      });
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(frame.toString('utf8'));
    } catch {
      sendReply({ type: 'reply', id: -1, ok: false, error: { code: 'protocol', message: 'Frame is not valid JSON' } });
      return;
    }
    if (typeof raw === 'object' && raw !== null && (raw as { type?: unknown }).type === 'events') {
      if (!interest.accept(raw)) sendReply({ type: 'reply', id: -1, ok: false, error: { code: 'protocol', message: 'Malformed event-interest frame' } });
      return;
    }
    void handleCall(host, raw).then(sendReply);
  });
  return { backlog };
}
