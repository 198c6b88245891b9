// Engine half of the protocol-log benchmark: one SDK client receives a 5,000/s notification flood over
// real stdio, once with a plain transport (baseline) and once through the protocol-log tap (with a
// listener that serialises every `logAppended` batch, as the browser-mode carrier does). Reports
// event-loop delay, CPU time and the heap the log holds afterwards.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { EventBus } from '../electron/engine/event-bus';
import { ProtocolLog } from '../electron/engine/protocol-log/protocol-log';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export interface FloodRun {
  label: string;
  received: number;
  expected: number;
  wallMs: number;
  cpuMs: number;
  loopDelayP50Ms: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** Heap after the flood and a full GC, minus the heap before connecting. */
  heapRetainedMb: number;
  logEntries?: number;
  /** Heap the log's entries hold (heap before minus after clearing the log). */
  logHeldMb?: number;
  logDropped?: number;
  eventBytesSerialised?: number;
}

export interface FloodOptions {
  rate: number;
  seconds: number;
  /** undefined: no tap (baseline). */
  logCap?: number;
}

function heapMb(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

export async function runFlood(label: string, options: FloodOptions): Promise<FloodRun> {
  const expected = Math.round(options.rate * options.seconds);
  const heapBefore = heapMb();
  const bus = new EventBus();
  let eventBytes = 0;
  bus.subscribe(event => {
    eventBytes += JSON.stringify(event).length;
  });
  const log = options.logCap ? new ProtocolLog({ bus, cap: options.logCap }) : undefined;
  const raw = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'bench/log-flood-server.ts', '--rate', String(options.rate), '--seconds', String(options.seconds), '--start-after-ms', '300'],
    env: getDefaultEnvironment(),
    stderr: 'ignore'
  });
  const client = new Client({ name: 'log-bench', version: '1.0.0' });
  let received = 0;
  let firstAt = 0;
  let lastAt = 0;
  let done: () => void = () => {};
  const finished = new Promise<void>(resolve => (done = resolve));
  client.setNotificationHandler('notifications/message', () => {
    received++;
    lastAt = performance.now();
    if (received === 1) firstAt = lastAt;
    if (received === expected) done();
  });
  await client.connect(log ? log.tap(raw, 'flood') : raw);

  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const cpuBefore = process.cpuUsage();
  await Promise.race([finished, new Promise(resolve => setTimeout(resolve, options.seconds * 1000 + 15_000))]);
  const cpu = process.cpuUsage(cpuBefore);
  delay.disable();
  log?.flush();
  await client.close();
  const page = log?.query({ limit: 1 });
  const heapAfter = heapMb();
  // What the log itself holds: the heap with its entries minus the heap once they are cleared.
  log?.clear();
  const logHeldMb = log ? heapAfter - heapMb() : undefined;
  return {
    label,
    received,
    expected,
    wallMs: Math.round(lastAt - firstAt),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    loopDelayP50Ms: round(delay.percentile(50) / 1e6),
    loopDelayP99Ms: round(delay.percentile(99) / 1e6),
    loopDelayMaxMs: round(delay.max / 1e6),
    heapRetainedMb: round(heapAfter - heapBefore),
    ...(page && { logEntries: page.total, logDropped: page.dropped, logHeldMb: round(logHeldMb ?? 0), eventBytesSerialised: eventBytes })
  };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
