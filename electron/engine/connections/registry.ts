// All configured servers by id. Requests go through `use()`, which waits for a connect in progress
// and reports request failures back to the connection (so a dead HTTP server gets noticed).
import type { ServerConfigEntry, ServerDetails, ServerId, ServerState } from '../../../shared/contract';
import { appError } from '../errors';
import type { LiveConnection } from '../ports';
import type { RequestHandle } from '../requests';
import { ServerConnection } from './connection';
import type { ConnectionDeps } from './connection-deps';

export class ServerRegistry {
  private readonly connections = new Map<ServerId, ServerConnection>();

  constructor(private readonly deps: ConnectionDeps) {}

  get(serverId: ServerId): ServerConnection {
    const connection = this.connections.get(serverId);
    if (!connection) throw appError('unknown_server', `No server named "${serverId}"`);
    return connection;
  }

  ids(): ServerId[] {
    return [...this.connections.keys()];
  }

  list(): ServerState[] {
    return [...this.connections.values()].map(c => c.snapshot());
  }

  details(serverId: ServerId): ServerDetails {
    return this.get(serverId).details();
  }

  /**
   * Adds (or replaces) a server. `start: false` leaves it to connect on first use (the CLI) or to be started later
   * (the engine starts its configured servers in turns once it is made: start-in-turns.ts).
   */
  async add(serverId: ServerId, entry: ServerConfigEntry, options: { start: boolean } = { start: true }): Promise<ServerConnection> {
    const previous = this.connections.get(serverId);
    const connection = new ServerConnection(serverId, entry, this.deps);
    this.connections.set(serverId, connection);
    if (previous) await previous.stop();
    if (options.start) void connection.start();
    return connection;
  }

  async remove(serverId: ServerId): Promise<boolean> {
    const connection = this.connections.get(serverId);
    if (!connection) return false;
    this.connections.delete(serverId);
    await connection.stop();
    await this.deps.verdicts.forget(serverId);
    this.deps.bus.emit('serverRemoved', { serverId });
    return true;
  }

  /** The server's live connection, waiting (within the request's timeout) for a connect in progress. */
  connection(serverId: ServerId, handle: RequestHandle): Promise<LiveConnection> {
    return this.get(serverId).whenReady(handle.timeoutMs, handle.signal);
  }

  /** Feature modules report failed requests here, so a dead HTTP server or a stale era verdict gets noticed. */
  noteFailure(serverId: ServerId, err: unknown): void {
    this.connections.get(serverId)?.noteRequestFailure(err);
  }

  /** Runs `work` on the server's live connection within the request's timeout and cancellation. */
  async use<T>(serverId: ServerId, handle: RequestHandle, work: (live: LiveConnection) => Promise<T>): Promise<T> {
    const live = await this.connection(serverId, handle);
    try {
      return await work(live);
    } catch (err) {
      if (!handle.cancelled) this.noteFailure(serverId, err);
      throw err;
    }
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.connections.values()].map(c => c.stop()));
    this.connections.clear();
  }
}
