// Reads a server's stdout into one buffer reused for every read, instead of a fresh Buffer per read (Node's
// default for pipes). Every fresh Buffer is external memory that V8 counts against the old generation's limit
// until a collection frees it: an engine reading a 200 MB line, a 70 MB blob and a flood at their budgets ran a
// mark-compact every few hundred milliseconds, though it kept almost none of those bytes (bench/isolation.ts).
// With one buffer, bytes the engine drops (an oversized line past its edges) allocate nothing, and what it keeps
// the line reader copies out (oversize-guard.ts). This is net.Socket's `onread` option (Node >= 12), which
// child_process gives no way to ask for: the same internal fields are set on the socket Node made for the pipe.
// Where they are not found (another runtime), nothing changes.
import type { Readable } from 'node:stream';

const READ_BUFFER_BYTES = 64 * 1024;

interface PipeHandle {
  useUserBuffer?: (buffer: Uint8Array) => void;
}

/**
 * Switches `stream` (a child's stdout, already read through 'data' listeners) to reads into one reused buffer:
 * each read is emitted as 'data' as before, but as a view of that buffer, valid only while the listeners run, so
 * every listener must copy what it keeps. `pause()` and `resume()` still stop and restart reading; end and close
 * are as before. False, and nothing changed, where this Node has no such hook.
 */
export function readIntoReusedBuffer(stream: Readable): boolean {
  const symbols = Object.getOwnPropertySymbols(stream);
  const named = (description: string) => symbols.find(symbol => symbol.description === description);
  const [kBuffer, kBufferCb, kBufferGen] = [named('kBuffer'), named('kBufferCb'), named('kBufferGen')];
  const handle = (stream as unknown as { _handle?: PipeHandle })._handle;
  if (!kBuffer || !kBufferCb || !kBufferGen || typeof handle?.useUserBuffer !== 'function') return false;
  const buffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);
  const fields = stream as unknown as Record<symbol, unknown>;
  fields[kBuffer] = buffer;
  fields[kBufferGen] = null;
  // Node calls this instead of pushing a new Buffer into the stream; anything read before the switch is still
  // in the stream's own queue and is emitted first (on the next tick, before any further read).
  fields[kBufferCb] = (bytes: number) => {
    stream.emit('data', buffer.subarray(0, bytes));
  };
  handle.useUserBuffer(buffer);
  return true;
}
