// Starting many servers without holding the event loop: one connection starts per turn (a `setImmediate`),
// so the I/O that arrived meanwhile (a page's requests, other servers' handshakes) is served between spawns.
export interface Startable {
  start(): void;
}

export interface StartInTurns {
  /** Starts nothing more (the engine is closing); those already started are not stopped. */
  cancel(): void;
}

export function startInTurns(connections: readonly Startable[]): StartInTurns {
  let next = 0;
  let timer: NodeJS.Immediate | undefined;
  const step = () => {
    timer = undefined;
    connections[next++]?.start();
    if (next < connections.length) timer = setImmediate(step);
  };
  if (connections.length > 0) timer = setImmediate(step);
  return { cancel: () => timer && clearImmediate(timer) };
}
