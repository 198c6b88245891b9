// `notifications/resources/list_changed` → one `listChanged` event per list, debounced per server: a server
// that adds a hundred resources in a burst makes the UI refresh once, not a hundred times. The SDK has
// already dropped the cached lists (resources/list and resources/templates/list) when this runs.
import type { ServerId } from '../../../shared/contract';
import type { EventBus } from '../event-bus';

const listChangedDebounceMs = 250;

export class ListChangedRelay {
  private readonly timers = new Map<ServerId, NodeJS.Timeout>();

  constructor(
    private readonly bus: EventBus,
    private readonly debounceMs = listChangedDebounceMs
  ) {}

  notify(serverId: ServerId): void {
    clearTimeout(this.timers.get(serverId));
    this.timers.set(
      serverId,
      setTimeout(() => {
        this.timers.delete(serverId);
        const at = Date.now();
        // Templates are resources too: the one notification covers both lists.
        this.bus.emit('listChanged', { serverId, list: 'resources', at });
        this.bus.emit('listChanged', { serverId, list: 'templates', at });
      }, this.debounceMs)
    );
  }

  forget(serverId: ServerId): void {
    clearTimeout(this.timers.get(serverId));
    this.timers.delete(serverId);
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
