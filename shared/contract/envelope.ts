// The message envelope both carriers use (Electron IPC and the browser-mode WebSocket), and the
// carrier-agnostic handle the renderer and the engine meet at.
import * as z from 'zod';
import { MAX_EVENT_INTEREST_NAMES, MAX_EVENT_NAME_LENGTH } from './event-interest-limits';
import type { EngineEvent, EngineEvents, EventName } from './events';
import type { HostMethodName, HostMethodParams, HostMethodResult } from './host-methods';
import type { MethodName, MethodParams, MethodResult } from './methods';
import type { AppError } from './app-error';

export const callEnvelopeSchema = z.object({
  type: z.literal('call'),
  id: z.number().int().nonnegative(),
  method: z.string().min(1).max(100),
  params: z.unknown()
});
export type CallEnvelope = z.infer<typeof callEnvelopeSchema>;

/**
 * The events a client has listeners for (browser mode: a socket frame; Electron: a message on the interest
 * channel). After one of these the carrier's host sends that client only those events (until then, all):
 * serialising a 100k listing's protocol-log frames for a page whose log panel is closed doubled the
 * listing's cost.
 */
export const eventInterestEnvelopeSchema = z.object({
  type: z.literal('events'),
  names: z.array(z.string().max(MAX_EVENT_NAME_LENGTH)).max(MAX_EVENT_INTEREST_NAMES)
});
export type EventInterestEnvelope = z.infer<typeof eventInterestEnvelopeSchema>;

export type ReplyEnvelope =
  | { type: 'reply'; id: number; ok: true; result: unknown }
  | { type: 'reply'; id: number; ok: false; error: AppError };

export type EventEnvelope = { type: 'event' } & EngineEvent;

export type ServerToClientEnvelope = ReplyEnvelope | EventEnvelope;

/** Whether the carrier itself is up. Browser mode reconnects a dropped socket; events sent meanwhile are lost. */
export type CarrierState = 'connected' | 'reconnecting';

/** What the renderer may call: the engine's methods and the host's. */
export type ClientMethodName = MethodName | HostMethodName;
export type ClientMethodParams<M extends ClientMethodName> = M extends HostMethodName ? HostMethodParams<M> : M extends MethodName ? MethodParams<M> : never;
export type ClientMethodResult<M extends ClientMethodName> = M extends HostMethodName ? HostMethodResult<M> : M extends MethodName ? MethodResult<M> : never;

/** What the renderer holds: call a method (the engine's or the host's), listen to events. Same shape over IPC and WebSocket. */
export interface EngineClient {
  call<M extends ClientMethodName>(method: M, params: ClientMethodParams<M>): Promise<ClientMethodResult<M>>;
  on<E extends EventName>(event: E, listener: (payload: EngineEvents[E]) => void): () => void;
  readonly mode: 'electron' | 'browser';
  /** Carrier up/down changes (optional: the IPC carrier never drops). Refetch server data on `connected` after `reconnecting`. */
  onCarrierState?(listener: (state: CarrierState) => void): () => void;
}

/** What a carrier holds on the engine side: dispatch a call, and receive every event. */
export interface EngineHost {
  dispatch(method: string, params: unknown): Promise<unknown>;
  subscribe(listener: (event: EngineEvent) => void): () => void;
}

/** Thrown on the renderer side when a call fails; carries the typed app error. */
export class EngineCallError extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
    this.name = 'EngineCallError';
  }
}
