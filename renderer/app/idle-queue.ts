// Work that can wait for the browser to be idle: one job per idle period, each started only after the one before
// it has finished (a job may return a promise), so none of it delays a frame, a keystroke or a click.

export interface IdleScheduler {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

const browserIdle: IdleScheduler = {
  request: callback => requestIdleCallback(callback),
  cancel: handle => cancelIdleCallback(handle)
};

/** Runs `jobs` in order, one per idle period; the returned function stops whatever has not started yet. */
export function runWhenIdle(jobs: readonly (() => unknown)[], scheduler: IdleScheduler = browserIdle): () => void {
  let stopped = false;
  let handle: number | undefined;
  const runFrom = (next: number) => {
    if (stopped || next >= jobs.length) return;
    handle = scheduler.request(() => {
      handle = undefined;
      if (stopped) return;
      // A failed job (a chunk that did not load) is retried where it is needed; the queue goes on.
      void Promise.resolve()
        .then(jobs[next])
        .catch(() => undefined)
        .then(() => runFrom(next + 1));
    });
  };
  runFrom(0);
  return () => {
    stopped = true;
    if (handle !== undefined) scheduler.cancel(handle);
  };
}
