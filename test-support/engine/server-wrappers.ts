// Stdio servers that behave as real ones in the wild do, made by wrapping a real server's command line in a small
// Node script: each start is counted in a file, and the wrapper may stall the first start or end the process on a
// request that comes before `initialize`. The server behind it is real; only its start is shaped.
import { readFile } from 'node:fs/promises';
import type { StdioServerConfig } from '../../shared/contract';

/** Counts the start, then runs the server on the wrapper's own stdio. */
const COUNTED = `const fs = require('node:fs'); const [starts, command, ...args] = process.argv.slice(1);
fs.appendFileSync(starts, 'start\\n');
const child = require('node:child_process').spawn(command, args, { stdio: 'inherit' });
process.on('SIGTERM', () => child.kill('SIGTERM')); child.on('exit', code => process.exit(code ?? 1));`;

/**
 * Counts the start. The first start runs the server only after `delayMs` (what it is sent meanwhile waits in the
 * pipe), as a first `npx` download or a loaded machine would; every later start runs it at once.
 */
const SLOW_FIRST = `const fs = require('node:fs'); const [starts, delayMs, command, ...args] = process.argv.slice(1);
const first = !fs.existsSync(starts); fs.appendFileSync(starts, 'start\\n');
let child; process.on('SIGTERM', () => { child?.kill('SIGTERM'); process.exit(0); });
setTimeout(() => { child = require('node:child_process').spawn(command, args, { stdio: 'inherit' }); child.on('exit', code => process.exit(code ?? 1)); }, first ? Number(delayMs) : 0);`;

/**
 * Counts the start and reads the first message: anything but `initialize` ends the process (as servers built on
 * some SDKs do), after an error reply when `reply` is "reply"; `initialize` starts the server and hands it that
 * message and all that follows.
 */
const EXITS_BEFORE_INITIALIZE = `const fs = require('node:fs'); const [starts, reply, command, ...args] = process.argv.slice(1);
fs.appendFileSync(starts, 'start\\n');
let child; let head = '';
process.stdin.on('data', chunk => {
  if (child) return void child.stdin.write(chunk);
  head += chunk; const end = head.indexOf('\\n'); if (end < 0) return;
  const first = JSON.parse(head.slice(0, end));
  if (first.method !== 'initialize') {
    const error = { jsonrpc: '2.0', id: first.id, error: { code: -32600, message: 'not initialized' } };
    if (reply === 'reply') process.stdout.write(JSON.stringify(error) + '\\n', () => process.exit(3));
    else process.exit(3);
    return;
  }
  child = require('node:child_process').spawn(command, args, { stdio: ['pipe', 'inherit', 'inherit'] });
  child.stdin.write(head); child.on('exit', code => process.exit(code ?? 1));
});
process.stdin.on('end', () => (child ? child.stdin.end() : process.exit(0)));
process.on('SIGTERM', () => { child?.kill('SIGTERM'); process.exit(0); });`;

function wrapped(script: string, server: StdioServerConfig, before: string[]): StdioServerConfig {
  return { ...server, command: process.execPath, args: ['-e', script, ...before, server.command, ...(server.args ?? [])] };
}

/** `server`, each start counted in the file `starts`. */
export const countedStarts = (server: StdioServerConfig, starts: string) => wrapped(COUNTED, server, [starts]);

/** `server`, its first start held back `delayMs` (each start counted in `starts`). */
export const slowFirstStart = (server: StdioServerConfig, starts: string, delayMs: number) => wrapped(SLOW_FIRST, server, [starts, String(delayMs)]);

/**
 * `server` behind a process that exits on any first request but `initialize`, after an error reply to it when
 * `reply` is true (each start counted in `starts`).
 */
export const exitsBeforeInitialize = (server: StdioServerConfig, starts: string, reply = false) =>
  wrapped(EXITS_BEFORE_INITIALIZE, server, [starts, reply ? 'reply' : 'silent']);

/** How many times a wrapped server was started so far. */
export async function startsOf(starts: string): Promise<number> {
  const text = await readFile(starts, 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean).length;
}
