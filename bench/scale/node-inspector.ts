// A benchmark's look inside a Node process started with `--inspect=127.0.0.1:0`: its memory by kind (V8 heap
// spaces, external, array buffers) before and after a forced full GC, read over the DevTools protocol.
import { WebSocket } from 'ws';

export interface NodeMemory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** V8's heap spaces: committed (physical) and used bytes. */
  spaces: { name: string; physical: number; used: number }[];
}

const INSPECTOR_LINE = /Debugger listening on (ws:\/\/\S+)/;

/** The inspector's URL from the process's stderr so far. */
export function inspectorUrl(stderr: string): string {
  const match = INSPECTOR_LINE.exec(stderr);
  if (!match) throw new Error('the process printed no inspector URL (started without --inspect?)');
  return match[1];
}

const EXPRESSION = `JSON.stringify({ ...process.memoryUsage(), spaces: require('v8').getHeapSpaceStatistics().map(s => ({ name: s.space_name, physical: s.physical_space_size, used: s.space_used_size })) })`;

/** Memory figures now and, after `HeapProfiler.collectGarbage`, again. */
export async function nodeMemory(url: string): Promise<{ before: NodeMemory; afterGc: NodeMemory }> {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let id = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const mine = ++id;
      const onMessage = (data: Buffer) => {
        const reply = JSON.parse(data.toString('utf8')) as { id?: number; result?: Record<string, unknown>; error?: unknown };
        if (reply.id !== mine) return;
        socket.off('message', onMessage);
        if (reply.error) reject(new Error(JSON.stringify(reply.error)));
        else resolve(reply.result ?? {});
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id: mine, method, params }));
    });
  const read = async () => {
    const result = (await call('Runtime.evaluate', { expression: EXPRESSION, includeCommandLineAPI: true, returnByValue: true })) as { result: { value: string } };
    return JSON.parse(result.result.value) as NodeMemory;
  };
  try {
    const before = await read();
    await call('HeapProfiler.collectGarbage');
    return { before, afterGc: await read() };
  } finally {
    socket.close();
  }
}

/** One line of the figures, in MB. */
export function formatMemory(m: NodeMemory): string {
  const mb = (b: number) => (b / 2 ** 20).toFixed(0);
  const spaces = m.spaces.filter(s => s.physical > 2 ** 20).map(s => `${s.name.replace(/_space$/, '')} ${mb(s.used)}/${mb(s.physical)}`);
  return `rss ${mb(m.rss)}, heap used ${mb(m.heapUsed)} of ${mb(m.heapTotal)}, external ${mb(m.external)} (array buffers ${mb(m.arrayBuffers)}); spaces used/committed: ${spaces.join(', ')}`;
}
