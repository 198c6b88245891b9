// Fans engine events out to per-event listeners. Both carriers feed it; a throwing listener is
// reported and does not stop delivery to the others.
import type { EngineEvent, EngineEvents, EventName } from '../../shared/contract';

type AnyListener = (payload: never) => void;

export class EventHub {
  private readonly listeners = new Map<EventName, Set<AnyListener>>();

  on<E extends EventName>(event: E, listener: (payload: EngineEvents[E]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as AnyListener);
    return () => {
      set.delete(listener as AnyListener);
    };
  }

  deliver(event: EngineEvent): void {
    const set = this.listeners.get(event.event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        (listener as (payload: unknown) => void)(event.payload);
      } catch (err) {
        console.error(`[engine-client] listener for "${event.event}" failed:`, err);
      }
    }
  }
}
