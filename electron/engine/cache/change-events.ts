// Coalesces cache changes into at most one `cacheChanged` event per server per window: a listing that
// stores 64 pages, or an LRU sweep, must not flood the renderer.
import type { ServerId } from '../../../shared/contract';
import type { EventBus } from '../event-bus';

export class CacheChangeEmitter {
  private readonly dirty = new Set<ServerId>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly bus: EventBus,
    private readonly windowMs = 50
  ) {}

  mark(serverIds: Iterable<ServerId>): void {
    for (const id of serverIds) this.dirty.add(id);
    if (this.dirty.size === 0 || this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.windowMs);
    // Pending UI notifications never keep the process alive.
    this.timer.unref();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const at = Date.now();
    const ids = [...this.dirty];
    this.dirty.clear();
    for (const serverId of ids) this.bus.emit('cacheChanged', { serverId, at });
  }
}
