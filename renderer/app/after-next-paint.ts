/** How long a hidden page (no frames) waits instead. */
const NO_FRAME_MS = 100;

/**
 * Runs `run` in a task after the next frame has been painted, or after NO_FRAME_MS if no frame comes (a hidden
 * page paints none); returns a canceller.
 */
export function afterNextPaint(run: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    cancel();
    run();
  };
  let afterFrame: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (afterFrame = setTimeout(once, 0)));
  const noFrame = setTimeout(once, NO_FRAME_MS);
  function cancel() {
    cancelAnimationFrame(frame);
    clearTimeout(afterFrame);
    clearTimeout(noFrame);
  }
  return () => {
    done = true;
    cancel();
  };
}
