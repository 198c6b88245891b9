// The lifecycle of one configured server: connect, report status, notice drops (transport close,
// process exit, failed HTTP requests) and reconnect with backoff. Everything that goes wrong here
// stays here: a failing server only ever changes its own state.
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { AppError, ReceivedNotification, ReconnectEvent, ServerConfigEntry, ServerDetails, ServerId, ServerState } from '../../../shared/contract';
import { transportKindOf } from '../../../shared/contract';
import { AppErrorException, appError, appErrorFrom } from '../errors';
import { withConnectFailureSummary } from './connect-failure';
import type { LiveConnection } from '../ports';
import type { ConnectionDeps } from './connection-deps';
import { raceWithTimeout } from '../requests';
import { AttemptEnd } from './attempt-end';
import { FailureWindow, backoffDelay } from './backoff';
import { StdoutNoise } from './stdout-noise';
import { UnmatchedAnswers } from './unmatched-answers';
import { ThrottleStatus } from './throttle-status';
import { crashLoopError, exitText } from './crash-loop-error';
import { establish } from './establish';
import type { Established } from './establish';
import { boundedJson } from './bounded-json';
import { pushCapped } from './capped-push';
import { StderrBuffer } from './stderr-buffer';
import { endpointOf, transports } from './transports';
import type { ProcessExit } from './transports/descriptor';

export class ServerConnection {
  private state: ServerState;
  private current: Established | undefined;
  private live: LiveConnection | undefined;
  private attemptInFlight: Promise<void> | undefined;
  private attemptAbort: AbortController | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  /** Bumped whenever the current client is replaced or dropped; stale callbacks compare against it. */
  private generation = 0;
  private started = false;
  private stopped = false;
  private everConnected = false;
  /** A liveness ping is in flight (at most one at a time). */
  private pinging = false;
  private handshake: unknown;
  private readonly history: ReconnectEvent[] = [];
  private readonly notifications: ReceivedNotification[] = [];
  private readonly stderr: StderrBuffer;
  /** Process exits and unstable drops within the crash-loop window. */
  private readonly failures: FailureWindow;
  /** Fires once the current connection has stayed up for the stable period: backoff and failures reset. */
  private stableTimer: NodeJS.Timeout | undefined;
  private readonly throttle: ThrottleStatus;
  private readonly stdoutNoise: StdoutNoise;
  private readonly unmatchedAnswers = new UnmatchedAnswers(unmatchedAnswers => this.setState({ unmatchedAnswers }));
  /** The last exit of a server process started by the current attempt or connection (stdio). */
  private lastExit: ProcessExit | undefined;

  constructor(
    readonly id: ServerId,
    readonly entry: ServerConfigEntry,
    private readonly deps: ConnectionDeps
  ) {
    this.state = {
      id,
      transport: transportKindOf(entry),
      status: 'disconnected',
      reconnectAttempt: 0,
      endpoint: endpointOf(entry),
      ...(entry.disabled && { disabled: true })
    };
    this.stderr = new StderrBuffer({
      maxLines: deps.limits.stderrLines,
      maxLineLength: 4096,
      flushMs: 50,
      onLines: lines => deps.bus.emit('stderr', { serverId: id, lines })
    });
    this.failures = new FailureWindow(deps.crashLoop);
    this.throttle = new ThrottleStatus(deps.readBudget, throttle => this.setState({ throttle }));
    this.stdoutNoise = new StdoutNoise(
      this.id,
      stdoutNoise => this.setState({ stdoutNoise }),
      line => this.deps.ports.log.recordNotJsonRpc(this.id, line)
    );
  }

  snapshot(): ServerState {
    return 'url' in this.entry ? { ...this.state, auth: this.deps.ports.auth.status(this.id, this.entry) } : { ...this.state };
  }

  /** Publishes the state again: the sign-in status it shows changed. */
  publish(): void {
    this.emit();
  }

  details(): ServerDetails {
    const pid = this.current?.built.pid();
    return {
      ...this.snapshot(),
      handshake: this.handshake,
      reconnectHistory: [...this.history],
      stderr: this.stderr.snapshot(),
      stderrDropped: this.stderr.dropped,
      notifications: [...this.notifications],
      ...(this.stdoutNoise.lines > 0 && { malformedMessages: this.stdoutNoise.lines }),
      ...(pid !== undefined && { pid }),
      ...(this.current && { eraVerdict: { source: this.current.verdictSource, savedAt: this.current.verdict.savedAt } })
    };
  }

  /** Shown as waiting for its turn to start until `start()` (or a reconnect) begins connecting it. */
  queue(): void {
    if (!this.started && !this.stopped && !this.entry.disabled) this.setState({ startQueued: true });
  }

  /** Begins connecting (once). Disabled servers stay `disconnected`. Resolves when the first attempt has ended, either way. */
  start(): Promise<void> {
    if (this.started || this.stopped) return this.attemptInFlight ?? Promise.resolve();
    this.started = true;
    if (this.entry.disabled) {
      this.emit();
      return Promise.resolve();
    }
    return this.attempt();
  }

  /** The live connection, waiting for a connect in progress; fails fast while the server is down. */
  async whenReady(timeoutMs: number, signal?: AbortSignal): Promise<LiveConnection> {
    if (this.entry.disabled) throw appError('transport', `Server ${this.id} is disabled in the config`);
    if (this.stopped) throw appError('unknown_server', `Server ${this.id} was removed`);
    void this.start();
    if (this.live) return this.live;
    if (this.attemptInFlight) await raceWithTimeout(this.attemptInFlight, timeoutMs, signal, `Connecting to ${this.id}`);
    if (this.live) return this.live;
    throw new AppErrorException(this.state.lastError ?? { code: 'transport', message: `Server ${this.id} is not connected` });
  }

  /** Drops the current connection (if any) and connects again now, with a fresh backoff. */
  async reconnect(): Promise<ServerState> {
    if (this.stopped || this.entry.disabled) return this.snapshot();
    this.started = true;
    this.clearRetry();
    if (this.attemptInFlight) {
      await this.attemptInFlight;
      if (this.live) return this.snapshot();
    }
    await this.teardown();
    this.state.reconnectAttempt = 0;
    this.failures.clear();
    await this.attempt();
    return this.snapshot();
  }

  /** Called by request paths with the error a request failed with, to notice dead HTTP servers and stale verdicts. */
  noteRequestFailure(err: unknown): void {
    const current = this.current;
    if (!current) return;
    if (err instanceof SdkError && err.code === SdkErrorCode.InvalidResult && current.verdictSource === 'prior') {
      void this.deps.verdicts.forget(this.id).then(() => this.handleDrop(current, 'the saved protocol era no longer matches the server'));
      return;
    }
    const mapped = appErrorFrom(err);
    if (transports[current.built.kind].drop.watchRequests && mapped.code === 'transport') this.handleDrop(current, `request failed: ${mapped.message}`);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clearRetry();
    this.clearStable();
    this.throttle.dispose();
    this.stdoutNoise.dispose();
    this.unmatchedAnswers.dispose();
    this.attemptAbort?.abort();
    await this.teardown();
    await this.attemptInFlight?.catch(() => undefined);
    this.stderr.dispose();
    this.setState({ status: 'disconnected', nextRetryAt: undefined, startQueued: undefined });
  }

  private attempt(): Promise<void> {
    if (this.attemptInFlight) return this.attemptInFlight;
    this.clearRetry();
    const generation = ++this.generation;
    const abort = new AbortController();
    this.attemptAbort = abort;
    this.lastExit = undefined;
    const { readMeter, gate } = this.throttle.forAttempt(uri => this.deps.ports.subscriptions.isWatched(this.id, uri));
    this.setState({ status: this.everConnected || this.state.reconnectAttempt > 0 ? 'reconnecting' : 'connecting', nextRetryAt: undefined, startQueued: undefined });
    const end = new AttemptEnd(this.deps.connectTimeoutMs * 3, `Connecting to ${this.id}`);
    const run = async () => {
      try {
        const connecting = establish({
          serverId: this.id,
          entry: this.entry,
          ports: this.deps.ports,
          verdicts: this.deps.verdicts,
          connectTimeoutMs: this.deps.connectTimeoutMs,
          signal: abort.signal,
          observers: {
            stderr: this.stderr,
            maxMessageBytes: this.deps.limits.maxMessageBytes,
            onInbound: message => this.recordInbound(message),
            onOversize: info => console.warn(`[engine] ${this.id}: dropped a ${info.size}-byte message (limit ${info.limit})`),
            onMalformed: line => this.stdoutNoise.note(line),
            onUnmatchedAnswer: id => this.unmatchedAnswers.note(id),
            readMeter,
            admit: (message, later) => gate.admit(message, later),
            onExit: exit => {
              if (generation !== this.generation) return;
              this.lastExit = exit;
              if (!this.live && !exit.asked && !exit.probedInPlace) end.processExited();
            }
          }
        });
        const established = await end.race(connecting).catch(err => {
          abort.abort();
          void connecting.then(late => late.client.close()).catch(() => undefined);
          throw err;
        });
        if (generation !== this.generation || this.stopped) {
          await established.client.close().catch(() => undefined);
          return;
        }
        this.adopt(established, generation);
      } catch (err) {
        if (generation !== this.generation || this.stopped) return;
        // An attempt counts towards a crash loop when the server process died; an unreachable HTTP server
        // is left to the ordinary (capped) backoff.
        this.fail(this.explain(withConnectFailureSummary(appErrorFrom(err), err, this.entry)), 'error', this.lastExit !== undefined);
      }
    };
    const inFlight = run().finally(() => {
      if (this.attemptInFlight === inFlight) {
        this.attemptInFlight = undefined;
        this.attemptAbort = undefined;
      }
    });
    this.attemptInFlight = inFlight;
    return inFlight;
  }

  private adopt(established: Established, generation: number): void {
    const { client, era, credentialId } = established;
    this.current = established;
    this.everConnected = true;
    this.handshake = established.handshake;
    const drop = transports[established.built.kind].drop;
    client.onclose = () => {
      if (generation === this.generation && this.current === established) this.handleDrop(established, drop.closedReason);
    };
    // HTTP transports report trouble on streams no request awaits (the 2025 notification stream, listen
    // streams) only through onerror: a server that died or restarted would otherwise look connected forever.
    if (drop.watchRequests) client.onerror = () => this.checkAlive(established);
    const capabilities = (client.getServerCapabilities() ?? {}) as Record<string, unknown>;
    this.live = { serverId: this.id, client, era, capabilities, credentialId };
    const instructions = client.getInstructions();
    const serverInfo = client.getServerVersion();
    this.setState({
      status: 'connected',
      transport: established.built.kind,
      era,
      protocolVersion: client.getNegotiatedProtocolVersion(),
      serverInfo: serverInfo && { name: serverInfo.name, version: serverInfo.version, ...(serverInfo.title && { title: serverInfo.title }) },
      capabilities,
      instructions,
      lastError: undefined,
      nextRetryAt: undefined
    });
    // Backoff and the crash-loop count reset only once the connection has proved stable: a server that
    // answers the handshake and then dies would otherwise restart every second forever.
    this.clearStable();
    this.stableTimer = setTimeout(() => {
      this.stableTimer = undefined;
      this.failures.clear();
      if (this.state.reconnectAttempt !== 0) this.setState({ reconnectAttempt: 0 });
    }, this.deps.crashLoop.stableMs);
    this.stableTimer.unref();
    this.deps.ports.subscriptions.attach(this.live);
  }

  private handleDrop(established: Established, reason: string): void {
    if (this.current !== established || this.stopped) return;
    const unstable = this.stableTimer !== undefined;
    void this.teardown();
    const exit = this.lastExit ? ` (${exitText(this.lastExit)})` : '';
    this.fail(this.explain({ code: 'transport', message: `Connection lost: ${reason}${exit}` }), 'reconnecting', unstable);
  }

  /** Pings the server after a transport error; a ping that fails at the transport level drops the connection. */
  private checkAlive(established: Established): void {
    if (this.pinging || this.current !== established) return;
    this.pinging = true;
    established.client
      .ping({ timeout: this.deps.connectTimeoutMs })
      .catch(err => {
        if (this.current === established) this.noteRequestFailure(err);
      })
      .finally(() => {
        this.pinging = false;
      });
  }

  /** Adds the last stderr lines of a stdio server to an error: usually the actual reason it failed. */
  private explain(error: AppError): AppError {
    const tail = this.stderr.tail(3);
    return tail ? { ...error, message: `${error.message}\nstderr: ${tail}` } : error;
  }

  /**
   * A failed attempt or a lost connection. `counts`: it is a process exit or a drop before the connection
   * was stable, so it goes towards a crash loop; the loop's last failure leaves the server in `error`.
   */
  private fail(error: AppError, status: 'error' | 'reconnecting', counts: boolean): void {
    if (counts && this.deps.reconnect) {
      const { failures, spanMs } = this.failures.record(Date.now());
      if (this.failures.tripped()) {
        this.crashLooped(error, failures, spanMs);
        return;
      }
    }
    this.scheduleRetry(error, status);
  }

  /** Stops retrying: the server stays in `error` with the reason until `servers.reconnect` or a config edit. */
  private crashLooped(cause: AppError, failures: number, spanMs: number): void {
    const error = crashLoopError(cause, failures, spanMs, this.lastExit, this.stderr.tail(5));
    pushCapped(this.history, { at: Date.now(), attempt: this.state.reconnectAttempt + 1, delayMs: 0, reason: error.message }, this.deps.limits.reconnectHistory);
    this.setState({ status: 'error', lastError: error, nextRetryAt: undefined });
  }

  private scheduleRetry(error: AppError, status: 'error' | 'reconnecting'): void {
    // Retrying mends neither a refused sign-in nor a config error: signing in or a config edit reconnects it.
    if (!this.deps.reconnect || error.code === 'unauthorized' || error.code === 'config') {
      this.setState({ status: 'error', lastError: error, nextRetryAt: undefined });
      return;
    }
    const attempt = this.state.reconnectAttempt + 1;
    const delayMs = backoffDelay(this.deps.backoff, attempt);
    pushCapped(this.history, { at: Date.now(), attempt, delayMs, reason: error.message }, this.deps.limits.reconnectHistory);
    this.setState({ status, lastError: error, reconnectAttempt: attempt, nextRetryAt: Date.now() + delayMs });
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.attempt();
    }, delayMs);
    this.retryTimer.unref();
  }

  private clearStable(): void {
    if (this.stableTimer) clearTimeout(this.stableTimer);
    this.stableTimer = undefined;
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private async teardown(): Promise<void> {
    const established = this.current;
    this.clearStable();
    this.generation++;
    this.current = undefined;
    this.live = undefined;
    if (!established) return;
    this.deps.ports.subscriptions.detach(this.id);
    await established.client.close().catch(() => undefined);
  }

  private recordInbound(message: JSONRPCMessage): void {
    if (!('method' in message) || 'id' in message) return;
    const notification = { at: Date.now(), method: message.method, ...(message.params !== undefined && { params: boundedJson(message.params) }) };
    pushCapped(this.notifications, notification, this.deps.limits.notifications);
  }

  private setState(patch: Partial<ServerState>): void {
    const next = { ...this.state, ...patch };
    for (const key of Object.keys(patch) as (keyof ServerState)[]) if (patch[key] === undefined) delete next[key];
    this.state = next;
    this.emit();
  }

  private emit(): void {
    this.deps.bus.emit('serverState', this.snapshot());
  }
}
