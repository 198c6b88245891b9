// A local server process: its stderr is captured, and an oversized message is dropped instead of the
// connection (see ../oversize-guard.ts).
import type { Readable } from 'node:stream';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { installOversizeGuard } from '../oversize-guard';
import type { TransportDescriptor } from './descriptor';

export const stdio: TransportDescriptor<'stdio'> = {
  kind: 'stdio',
  negotiation: 'auto',
  drop: { closedReason: 'the server process exited', watchRequests: false },
  build(entry, observers) {
    const transport = new StdioClientTransport({
      command: entry.command,
      args: entry.args,
      env: { ...getDefaultEnvironment(), ...entry.env },
      cwd: entry.cwd,
      stderr: 'pipe',
      maxBufferSize: observers.maxMessageBytes
    });
    installOversizeGuard(transport, observers.maxMessageBytes, observers.onOversize);
    const stderr = transport.stderr as Readable | null;
    if (stderr) observers.stderr.attach(stderr);
    return { transport, pid: () => transport.pid ?? undefined };
  },
  endpoint: entry => [entry.command, ...(entry.args ?? [])].map(part => (/\s/.test(part) ? JSON.stringify(part) : part)).join(' '),
  identity: entry => ({ command: entry.command, args: entry.args ?? [], env: entry.env ?? {}, cwd: entry.cwd ?? '' }),
  credentials: entry => entry.env
};
