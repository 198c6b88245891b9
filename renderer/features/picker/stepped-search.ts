// The whole search of a long list (ALWAYS_DEFERRED_FROM_ITEMS items or more, once listed), done in steps between
// frames instead of in one render: at a million items a search is one task of 20-120 ms, and a key typed during it
// waited that long to show in the box. The steps start once the keystroke's own frame (its first rows) is painted,
// run for about 8 ms per task, and a newer keystroke abandons them. The search indexes, when the page has not built
// them yet in idle time, are built in the same steps first: the first key typed right after a long listing no
// longer holds the page for seconds.
import { useEffect, useState } from 'react';
import type { SearchSession } from '../../../shared/search/search';
import type { SearchResult } from '../../../shared/search/search-tiers';
import { afterNextPaint } from '../../app/after-next-paint';

/** Items per step (2-5 ms at a million items on the build machine). */
const STEP_ITEMS = 32_768;
/** Steps run back to back for up to this long before the page gets a turn. */
const SLICE_MS = 8;

/** A whole search finished in steps: its result, and what it was made over. */
export interface SteppedSearch {
  session: SearchSession;
  order: Uint32Array;
  query: string;
  result: SearchResult | undefined;
}

/**
 * Runs the steps `makeSteps` gives, in tasks of about SLICE_MS, from after the next frame; `done` gets their result.
 * `timeLeft` tells a step how much of its task is left. Returns a canceller.
 */
function runInSlices<T>(makeSteps: (timeLeft: () => number) => Generator<void, T>, done: (value: T) => void): () => void {
  let deadline = 0;
  const steps = makeSteps(() => deadline - performance.now());
  const channel = new MessageChannel();
  let cancelled = false;
  channel.port1.onmessage = () => {
    if (cancelled) return;
    deadline = performance.now() + SLICE_MS;
    for (;;) {
      const step = steps.next();
      if (step.done) {
        channel.port1.close();
        return done(step.value);
      }
      if (performance.now() >= deadline) break;
    }
    channel.port2.postMessage(null);
  };
  const cancelStart = afterNextPaint(() => channel.port2.postMessage(null));
  return () => {
    cancelled = true;
    cancelStart();
    channel.port1.close();
  };
}

/**
 * The whole search for `query` over `session`'s columns in `order`, done in steps while `enabled`: the last one
 * finished (which may be for an older query, session or order than the current ones), or undefined before any.
 */
export function useSteppedSearch(session: SearchSession, order: Uint32Array, query: string, enabled: boolean): SteppedSearch | undefined {
  const [finished, setFinished] = useState<SteppedSearch>();
  useEffect(() => {
    if (!enabled) return;
    return runInSlices(
      function* (timeLeft) {
        while (!session.prepare(timeLeft)) yield;
        return yield* session.searchSteps(query, order, STEP_ITEMS);
      },
      result => setFinished({ session, order, query, result })
    );
  }, [session, order, query, enabled]);
  return finished;
}
