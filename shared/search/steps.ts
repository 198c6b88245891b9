// A search done in steps: a generator that yields between slices of its work, so a caller can spread a search over
// a million items across several tasks (renderer/features/picker/stepped-search.ts), or drain it at once.

/** Steps ending with a T. */
export type Steps<T> = Generator<void, T>;

/** Runs steps to the end at once. */
export function drain<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
