// Per-server counters of what the cache did for tracked calls.
import type { CacheCounters, ServerId } from '../../../shared/contract';

export type CounterName = keyof CacheCounters;

export class CacheCounterBook {
  private readonly byServer = new Map<ServerId, CacheCounters>();

  constructor(private readonly onChange: (serverId: ServerId) => void) {}

  bump(serverId: ServerId, name: CounterName): void {
    let counters = this.byServer.get(serverId);
    if (!counters) {
      counters = { hits: 0, misses: 0, revalidations: 0, staleServed: 0 };
      this.byServer.set(serverId, counters);
    }
    counters[name]++;
    this.onChange(serverId);
  }

  snapshot(): Record<ServerId, CacheCounters> {
    return Object.fromEntries([...this.byServer].map(([id, c]) => [id, { ...c }]));
  }
}
