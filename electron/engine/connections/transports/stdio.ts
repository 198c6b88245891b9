// A local server process: its stderr is captured, and an oversized message is dropped instead of the
// connection (see ../oversize-guard.ts).
import type { ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { installOversizeGuard } from '../oversize-guard';
import { meterReadable } from '../read-budget';
import { readIntoReusedBuffer } from './reused-buffer-read';
import type { TransportDescriptor } from './descriptor';

/**
 * The SDK probes the era of its own stdio transport in a throwaway sibling process, so a first connection
 * spawned every server twice: on a cold start of fifty servers, fifty more Node boots (~0.25 s of CPU each).
 * It probes a subclass in place, in the process that then serves the connection (the SDK reads "a subclass" as
 * "cannot be cloned"). A server whose first process exits on its own while connecting (some exit on any request
 * before `initialize`) is started again for the 2025 handshake alone (`probeStdio` in ../establish.ts), which is
 * what the sibling probe came to for it.
 */
export class StdioProbedInPlace extends StdioClientTransport {}

export const stdio: TransportDescriptor<'stdio'> = {
  kind: 'stdio',
  negotiation: 'auto',
  drop: { closedReason: 'the server process exited', watchRequests: false },
  build(entry, observers) {
    const transport = new StdioProbedInPlace({
      command: entry.command,
      args: entry.args,
      env: { ...getDefaultEnvironment(), ...entry.env },
      cwd: entry.cwd,
      stderr: 'pipe',
      maxBufferSize: observers.maxMessageBytes
    });
    const reader = installOversizeGuard(transport, observers.maxMessageBytes, observers.onOversize, observers.onMalformed, message =>
      observers.admit(message, later => transport.onmessage?.(later))
    );
    // The SDK forgets the process's exit code; the engine needs it to say why a server keeps failing. The
    // SDK assigns `_process` synchronously inside start(), so the listener is attached before any exit.
    const start = transport.start.bind(transport);
    // A process the engine closes itself (a probe given up for another, a reconnect) exits as asked.
    let closing = false;
    const close = transport.close.bind(transport);
    transport.close = () => {
      closing = true;
      return close();
    };
    transport.start = () => {
      const started = start();
      const child = (transport as unknown as { _process?: ChildProcess })._process;
      child?.once('exit', (code, signal) => observers.onExit({ code, signal, asked: closing }));
      if (child?.stdout) {
        meterReadable(child.stdout, observers.readMeter, () => reader?.byteWeight ?? 1);
        // Only behind our reader, which copies what it keeps (the SDK's own keeps the chunks it is given).
        if (reader) readIntoReusedBuffer(child.stdout);
      }
      return started;
    };
    const stderr = transport.stderr as Readable | null;
    if (stderr) observers.stderr.attach(stderr);
    return { transport, pid: () => transport.pid ?? undefined };
  },
  endpoint: entry => [entry.command, ...(entry.args ?? [])].map(part => (/\s/.test(part) ? JSON.stringify(part) : part)).join(' '),
  identity: entry => ({ command: entry.command, args: entry.args ?? [], env: entry.env ?? {}, cwd: entry.cwd ?? '' }),
  credentials: entry => entry.env
};
