// Fans engine events out to per-event listeners. Both carriers feed it; a throwing listener is
// reported and does not stop delivery to the others. It also says which events have listeners, so the
// browser-mode carrier can ask the bridge for those only.
import type { EngineEvent, EngineEvents, EventName } from '../../shared/contract';

type AnyListener = (payload: never) => void;

export class EventHub {
  private readonly listeners = new Map<EventName, Set<AnyListener>>();
  private readonly watchers = new Set<(names: EventName[]) => void>();

  on<E extends EventName>(event: E, listener: (payload: EngineEvents[E]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    const first = set.size === 0;
    set.add(listener as AnyListener);
    if (first) this.namesChanged();
    return () => {
      if (set.delete(listener as AnyListener) && set.size === 0) this.namesChanged();
    };
  }

  /** The events that have at least one listener. */
  names(): EventName[] {
    return [...this.listeners].filter(([, set]) => set.size > 0).map(([name]) => name);
  }

  /** Calls `watcher` whenever an event gains its first listener or loses its last. */
  watchNames(watcher: (names: EventName[]) => void): () => void {
    this.watchers.add(watcher);
    return () => {
      this.watchers.delete(watcher);
    };
  }

  private namesChanged(): void {
    if (this.watchers.size === 0) return;
    const names = this.names();
    for (const watcher of [...this.watchers]) watcher(names);
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
