// Starting many servers without holding the event loop or the machine. One connection starts per turn (a
// `setImmediate`), so the I/O that arrived meanwhile (a page's requests, other servers' handshakes) is served
// between spawns. And only a few local processes boot at once: fifty stdio servers booting together shared two
// cores fifty ways with the page and the engine, so the window showed nothing for many seconds and the first
// server was connected about when the last one was. A slot is freed when its server's first attempt ends
// (connected or failed), or after `slotMs`, so a slow one (a first `npx` download) does not hold the rest up.
// Remote servers cost this machine little to connect: they start first, each in its turn, without a slot.
export interface Startable {
  /** Connecting starts a local process, which waits for a slot. */
  readonly spawnsProcess: boolean;
  /** Begins connecting; resolves (never rejects) when the first attempt has ended either way. */
  start(): Promise<void> | void;
  /** Told at once that it waits for its turn (so the page can say so rather than "disconnected"). */
  queue?(): void;
}

export interface StartInTurnsOptions {
  /** How many connections may be starting at once. */
  concurrency: number;
  /** A connection still starting after this long (ms) no longer holds its slot. */
  slotMs: number;
  /**
   * No local process starts before this settles (remote servers still start at once): the engine holds them while
   * the page shows its first screen (first-screen-hold.ts).
   */
  holdLocal?: Promise<unknown>;
}

export interface StartInTurns {
  /** Starts nothing more (the engine is closing); those already started are not stopped. */
  cancel(): void;
  /**
   * Settles once every connection has started and none holds a slot: each local server's first attempt has ended
   * (or taken `slotMs`). Also when cancelled.
   */
  readonly settled: Promise<void>;
}

export function startInTurns(all: readonly Startable[], options: StartInTurnsOptions): StartInTurns {
  const concurrency = Math.max(1, options.concurrency);
  const connections = [...all.filter(c => !c.spawnsProcess), ...all.filter(c => c.spawnsProcess)];
  for (const connection of connections) connection.queue?.();
  let next = 0;
  let running = 0;
  let cancelled = false;
  let held = options.holdLocal !== undefined;
  let turn: NodeJS.Immediate | undefined;
  const slotTimers = new Set<NodeJS.Timeout>();
  let settle!: () => void;
  const settled = new Promise<void>(resolve => (settle = resolve));
  const pump = () => {
    if (next >= connections.length && running === 0) settle();
    if (turn || cancelled || next >= connections.length) return;
    if (connections[next].spawnsProcess && (held || running >= concurrency)) return;
    turn = setImmediate(step);
  };
  const step = () => {
    turn = undefined;
    const connection = connections[next++];
    if (!connection.spawnsProcess) {
      void connection.start();
      pump();
      return;
    }
    running++;
    let freed = false;
    const free = () => {
      if (freed) return;
      freed = true;
      clearTimeout(slotTimer);
      slotTimers.delete(slotTimer);
      running--;
      pump();
    };
    const slotTimer = setTimeout(free, options.slotMs);
    slotTimers.add(slotTimer);
    Promise.resolve(connection.start()).then(free, free);
    pump();
  };
  const release = () => {
    held = false;
    pump();
  };
  options.holdLocal?.then(release, release);
  pump();
  return {
    settled,
    cancel: () => {
      cancelled = true;
      settle();
      if (turn) clearImmediate(turn);
      for (const timer of slotTimers) clearTimeout(timer);
      slotTimers.clear();
    }
  };
}
