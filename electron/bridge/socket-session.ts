// One browser tab's WebSocket: call frames in, one reply per call out, engine events pushed (all of them,
// or once the page has said which it listens to, only those). Bad frames (binary, too large, not JSON,
// not an envelope) get an error reply; none can throw.
import type { RawData, WebSocket } from 'ws';
import type { EngineHost, ReplyEnvelope } from '../../shared/contract';
import { handleCall } from '../host/call-envelope';
import { EventInterest } from '../host/event-interest';

/** Largest call frame the engine will parse (file.save carries whole resources as base64). */
export const MAX_CALL_FRAME_BYTES = 16 * 1024 * 1024;
/** Frames beyond this are not even buffered: `ws` closes the socket with 1009. */
export const HARD_FRAME_LIMIT_BYTES = 4 * MAX_CALL_FRAME_BYTES;
/** A client that stops reading is cut off rather than letting events pile up in memory. */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

function frameBytes(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

/** Our client writes `{"type":"call","id":N,...}`, so an oversized frame's id is near its start. */
function leadingId(frame: Buffer): number {
  const match = /"id"\s*:\s*(\d{1,15})/.exec(frame.subarray(0, 256).toString('utf8'));
  return match ? Number(match[1]) : -1;
}

export function attachSocketSession(socket: WebSocket, host: EngineHost): void {
  const send = (envelope: object) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.close(1013, 'client is not reading');
      return;
    }
    socket.send(JSON.stringify(envelope));
  };

  const sendReply = (reply: ReplyEnvelope) => {
    try {
      send(reply);
    } catch (err) {
      // A result JSON cannot carry (e.g. a BigInt) still gets an answer.
      send({ type: 'reply', id: reply.id, ok: false, error: { code: 'internal', message: `Reply could not be encoded: ${String(err)}` } });
    }
  };

  const interest = new EventInterest();
  const unsubscribe = host.subscribe(event => {
    if (interest.wants(event.event)) send({ type: 'event', ...event });
  });
  socket.on('close', unsubscribe);
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
}
