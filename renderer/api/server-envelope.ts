// Shape check for frames arriving from the engine side. The carrier is ours, but a frame that is
// not JSON or not an envelope must be dropped with a warning, not crash the client.
import { eventNames, type EventName, type ServerToClientEnvelope } from '../../shared/contract';

const knownEvents = new Set<string>(eventNames);

export function parseServerEnvelope(text: string): ServerToClientEnvelope | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const frame = value as Record<string, unknown>;
  if (frame.type === 'reply') {
    if (typeof frame.id !== 'number' || typeof frame.ok !== 'boolean') return null;
    if (!frame.ok && (typeof frame.error !== 'object' || frame.error === null)) return null;
    return frame as ServerToClientEnvelope;
  }
  if (frame.type === 'event') {
    if (typeof frame.event !== 'string' || !knownEvents.has(frame.event)) return null;
    return { type: 'event', event: frame.event as EventName, payload: frame.payload } as ServerToClientEnvelope;
  }
  return null;
}
