// A typed in-process event bus: engine modules emit contract events; carriers subscribe to all of them.
import type { EngineEvent, EngineEvents, EventName } from '../../shared/contract';

export class EventBus {
  private readonly listeners = new Set<(event: EngineEvent) => void>();

  emit<E extends EventName>(event: E, payload: EngineEvents[E]): void {
    const envelope = { event, payload } as EngineEvent;
    for (const listener of this.listeners) {
      try {
        listener(envelope);
      } catch (err) {
        // A faulty listener (e.g. a closed socket) must not stop delivery to the others.
        console.error('[engine] event listener failed:', err);
      }
    }
  }

  subscribe(listener: (event: EngineEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Listen to one event type (for engine-internal consumers and tests). */
  on<E extends EventName>(event: E, listener: (payload: EngineEvents[E]) => void): () => void {
    return this.subscribe(e => {
      if (e.event === event) listener(e.payload as EngineEvents[E]);
    });
  }
}
