// The bundled reference server over Streamable HTTP in a process of its own, for Vitest tests, e2e fixtures and
// benchmarks: on a port of its own, killed (-9, as a crash) or stopped, and restarted on the same port.
// Servers left running are killed by killRunningReferenceServers() (the engine harness's cleanup() calls it).
import type { ChildProcess } from 'node:child_process';
import type { ServerConfigEntry } from '../../shared/contract';
import { stopChild, waitForLine } from '../processes';
import { spawnReferenceServer } from './launch';

/** Started and neither stopped nor killed since, in this process (a Vitest test file, a Playwright worker). */
const running = new Set<HttpReferenceServer>();

/** kill -9 of every server started here and still running, for tests that leave theirs to the end of the file. */
export async function killRunningReferenceServers(): Promise<void> {
  await Promise.all([...running].map(server => server.kill()));
}

export class HttpReferenceServer {
  /** The current server process: each restart starts a new one. Set by `start`, before anyone can see this object. */
  private current!: ChildProcess;
  private stderrText = '';
  /** 0 until the first start, which takes any free port; restarts ask for the same one again. */
  private boundPort = 0;
  private endpoint = '';

  private constructor(private args: string[]) {}

  static async start(args: string[] = []): Promise<HttpReferenceServer> {
    const server = new HttpReferenceServer(args);
    await server.restart();
    return server;
  }

  get port(): number {
    return this.boundPort;
  }

  /** The Streamable HTTP endpoint as the server printed it: on 127.0.0.1 unless the test's flags bind elsewhere. */
  get url(): string {
    return this.endpoint;
  }

  get configEntry(): ServerConfigEntry {
    return { type: 'http', url: this.url };
  }

  get child(): ChildProcess {
    return this.current;
  }

  /** Everything the server wrote to stderr (where it logs), over every start. */
  stderr(): string {
    return this.stderrText;
  }

  /**
   * Starts (again) on the same port, so the configured URL stays valid; with `args`, those replace the
   * server flags it was started with (from then on; they come after the ones here, so they can override
   * `--host`). Ready when this child prints its `listening on` line: the first start binds port 0 and
   * learns the port from that line, so no port is picked beforehand that another process could take, and
   * a restart never mistakes another process on the port for this server.
   */
  async restart(args?: string[]): Promise<void> {
    if (this.current && this.current.exitCode === null && this.current.signalCode === null) throw new Error('HTTP reference server is already running');
    if (args) this.args = args;
    const child = spawnReferenceServer(['--transport', 'http', '--host', '127.0.0.1', '--port', String(this.boundPort), ...this.args], ['ignore', 'pipe', 'pipe']);
    this.current = child;
    // Registered at once: a start the test gives up on (its own time limit) is killed by the sweep too.
    running.add(this);
    child.stdout?.resume();
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (this.stderrText += chunk));
    // A deadline for a process that never comes up, not a speed check: under load a start took 15 s.
    try {
      const [, endpoint] = await waitForLine(child, 'stderr', /listening on (http:\/\/\S+)/, 60_000);
      this.endpoint = endpoint;
      this.boundPort = Number(new URL(endpoint).port);
    } catch (err) {
      await stopChild(child);
      throw new Error(`HTTP reference server did not start: ${(err as Error).message}\n--- reference server stderr ---\n${this.stderrText}`, { cause: err });
    }
  }

  /** kill -9, as a crash would. */
  async kill(): Promise<void> {
    running.delete(this);
    const child = this.current;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>(resolve => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM, so the server shuts down as it should (SIGKILL if it has not within a few seconds). */
  async stop(): Promise<void> {
    running.delete(this);
    await stopChild(this.current);
  }
}
