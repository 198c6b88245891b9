// Deterministic pseudo-randomness. Every generated item derives its own generator from (seed, index, salt),
// so item 99,999 can be produced without producing the 99,999 before it, and the same flags always give the
// same content.

/** A 32-bit mix of the inputs (murmur3 finalizer over a running hash). */
function hash32(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    h = Math.imul(h ^ (p >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  static for(...parts: number[]): Rng {
    return new Rng(hash32(...parts));
  }
  /** Uniform in [0, 1) (mulberry32). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, maxInclusive: number): number {
    return min + Math.floor(this.next() * (maxInclusive - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  bytes(n: number): Buffer {
    const b = Buffer.allocUnsafe(n);
    for (let i = 0; i < n; i += 4) {
      const v = Math.floor(this.next() * 4294967296);
      for (let k = 0; k < 4 && i + k < n; k++) b[i + k] = (v >>> (8 * k)) & 0xff;
    }
    return b;
  }
}

export const WORDS = [
  'aurora', 'basalt', 'cinder', 'delta', 'ember', 'fjord', 'glacier', 'harbor', 'island', 'juniper', 'kelp',
  'lagoon', 'meadow', 'nebula', 'orchid', 'prairie', 'quartz', 'reef', 'summit', 'tundra', 'umber', 'valley',
  'willow', 'xenon', 'yarrow', 'zephyr', 'budget', 'roadmap', 'invoice', 'release', 'incident', 'meeting',
  'design', 'schema', 'metrics', 'onboarding', 'pipeline', 'runbook', 'survey', 'forecast', 'contract', 'audit'
] as const;

export function sentence(rng: Rng, words = rng.int(6, 14)): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(rng.pick(WORDS));
  const s = out.join(' ');
  return s[0].toUpperCase() + s.slice(1) + '.';
}
