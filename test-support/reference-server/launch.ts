// The one way tests start the bundled reference server as a process of their own: as the app launches its
// embedded default (referenceServerEntry: the same Node, tsx loader, entry and working directory), with the
// test's flags after the entry's own. The server keeps the last value of a repeated flag, so a
// `--transport http` among them serves HTTP instead of the entry's stdio.
import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams, type StdioOptions } from 'node:child_process';
import { referenceServerEntry } from '../../electron/engine/config/default-server';

/** With no `stdio`, every stream is piped. */
export function spawnReferenceServer(args: string[]): ChildProcessWithoutNullStreams;
export function spawnReferenceServer(args: string[], stdio: StdioOptions): ChildProcess;
export function spawnReferenceServer(args: string[], stdio: StdioOptions = 'pipe'): ChildProcess {
  const entry = referenceServerEntry(args);
  return spawn(entry.command, entry.args ?? [], { cwd: entry.cwd, env: { ...process.env, ...entry.env }, stdio });
}
