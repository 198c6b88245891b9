// The picker's randomized tests draw from the reference server's generator, so a failure names a
// reproducible seed and the project keeps one PRNG.
import { Rng } from '../../reference-server/rng';

/** A uniform [0, 1) source seeded with `seed`. */
export function rng(seed: number): () => number {
  const generator = new Rng(seed);
  return () => generator.next();
}
