// Tells the engine side which events this page has listeners for, so it does not serialise (WebSocket) or
// structured-clone (Electron IPC) events nobody here reads. Both carriers use it; each supplies how the
// names travel. Nothing is told before the first listener, so a client that never listens keeps getting
// every event, as the engine side assumes until told otherwise. Changes are told at once, never batched:
// carrier-client.ts sends calls a microtask later so that interest told in the same tick goes first.
import type { EventName } from '../../shared/contract';
import type { EventHub } from './event-hub';

export interface EventInterestReporter {
  /** Tells the current interest again (a fresh connection knows nothing yet); nothing before the first listener. */
  resend(): void;
}

/** Calls `tell` with the names that have listeners whenever an event gains its first listener or loses its last. */
export function reportEventInterest(events: EventHub, tell: (names: EventName[]) => void): EventInterestReporter {
  let interest: EventName[] | undefined;
  events.watchNames(names => {
    interest = names;
    tell(names);
  });
  return {
    resend: () => {
      if (interest !== undefined) tell(interest);
    }
  };
}
