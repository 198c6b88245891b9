// What one server connection (connection.ts) is given by the engine: its event bus and ports, the era verdicts,
// the retry, crash-loop and read-budget policies, and the limits of what it keeps about the server.
import type { EventBus } from '../event-bus';
import type { EnginePorts } from '../ports';
import type { BackoffPolicy, CrashLoopPolicy } from './backoff';
import type { ReadBudgetPolicy } from './read-budget';
import type { VerdictStore } from './verdict-store';

export interface ConnectionLimits {
  stderrLines: number;
  notifications: number;
  reconnectHistory: number;
  /** Largest single stdio message (bytes) before it is dropped with a `too_large` error. */
  maxMessageBytes: number;
}

export interface ConnectionDeps {
  bus: EventBus;
  ports: EnginePorts;
  verdicts: VerdictStore;
  backoff: BackoffPolicy;
  crashLoop: CrashLoopPolicy;
  readBudget: ReadBudgetPolicy;
  /** False: a failed or lost connection stays in `error` until asked to reconnect (the CLI's one-shot runs). */
  reconnect: boolean;
  connectTimeoutMs: number;
  limits: ConnectionLimits;
}
