// A line reader for stdio transports that survives oversized messages. The SDK's own reader closes
// the whole connection when one message exceeds its buffer (10 MB by default), so one huge resource
// would take the server down for every other request. This reader drops just that message and, when
// it can see the message's JSON-RPC id, answers the waiting request with a `too_large` error instead.
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { deserializeMessage } from '@modelcontextprotocol/client';
import { RPC_TOO_LARGE } from '../errors';

export const EDGE = 256;
/** JSON-RPC ids are numbers or strings; the SDK emits numbers. Top-level `id` is first or last. */
const ID_AT_START = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/;
const ID_AT_END = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*\}\s*$/;

export interface OversizeInfo {
  size: number;
  limit: number;
  id?: string | number;
}

type Ready = Buffer | JSONRPCMessage;

export class BoundedLineReader {
  private chunks: Buffer[] = [];
  private pendingBytes = 0;
  private skipping: { head: Buffer; tail: Buffer; size: number } | undefined;
  private readonly ready: Ready[] = [];

  constructor(
    private readonly maxLineBytes: number,
    private readonly onOversize: (info: OversizeInfo) => void,
    private readonly onMalformed: (sample: string) => void = () => undefined,
    /** False: the message is held back or dropped (read-budget.ts's NotificationGate). */
    private readonly admit: (message: JSONRPCMessage) => boolean = () => true
  ) {}

  append(chunk: Buffer): void {
    let rest = chunk;
    while (rest.length) {
      const newline = rest.indexOf(0x0a);
      const piece = newline === -1 ? rest : rest.subarray(0, newline);
      if (this.skipping) this.skip(piece);
      else {
        this.chunks.push(piece);
        this.pendingBytes += piece.length;
        if (this.pendingBytes > this.maxLineBytes) this.startSkipping();
      }
      if (newline === -1) return;
      this.endLine();
      rest = rest.subarray(newline + 1);
    }
  }

  readMessage(): JSONRPCMessage | null {
    while (this.ready.length) {
      const next = this.ready.shift() as Ready;
      if (!Buffer.isBuffer(next)) return next;
      const line = next.toString('utf8').replace(/\r$/, '');
      let message: JSONRPCMessage;
      try {
        message = deserializeMessage(line);
      } catch {
        // Lines that are not JSON-RPC (stray prints, broken JSON, JSON of the wrong shape) are skipped and
        // counted: one bad line never ends the connection.
        this.onMalformed(line.slice(0, 200));
        continue;
      }
      if (this.admit(message)) return message;
    }
    return null;
  }

  clear(): void {
    this.chunks = [];
    this.pendingBytes = 0;
    this.skipping = undefined;
    this.ready.length = 0;
  }

  private startSkipping(): void {
    // Only the edges are kept (for the JSON-RPC id), without copying the whole line together first: that
    // copy of up to `maxLineBytes` was a stall of hundreds of ms and a peak of twice the limit.
    const head = Buffer.concat(this.chunks.slice(0, 8)).subarray(0, EDGE);
    const tail = Buffer.concat(this.chunks.slice(-8)).subarray(-EDGE);
    this.skipping = { head: Buffer.from(head), tail: Buffer.from(tail), size: this.pendingBytes };
    this.chunks = [];
    this.pendingBytes = 0;
  }

  private skip(piece: Buffer): void {
    const skipping = this.skipping as NonNullable<typeof this.skipping>;
    skipping.size += piece.length;
    skipping.tail = Buffer.concat([skipping.tail, piece.subarray(-EDGE)]).subarray(-EDGE);
  }

  private endLine(): void {
    if (this.skipping) {
      this.reportOversize(this.skipping);
      this.skipping = undefined;
      return;
    }
    if (this.chunks.length) this.ready.push(this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks));
    this.chunks = [];
    this.pendingBytes = 0;
  }

  private reportOversize({ head, tail, size }: { head: Buffer; tail: Buffer; size: number }): void {
    const id = jsonRpcIdAtEdges(head.toString('utf8'), tail.toString('utf8').replace(/\r$/, ''));
    this.onOversize({ size, limit: this.maxLineBytes, ...(id !== undefined && { id }) });
    if (id !== undefined) this.ready.push(tooLargeReply(id, size, this.maxLineBytes));
  }
}

/** The JSON-RPC id of a message seen only by its first and last few hundred characters (a top-level `id` comes
 * first or last in what SDKs write). */
export function jsonRpcIdAtEdges(head: string, tail: string): string | number | undefined {
  const match = ID_AT_START.exec(head) ?? ID_AT_END.exec(tail);
  return match ? (JSON.parse(match[1]) as string | number) : undefined;
}

/** The error that answers a request whose reply was too large to take. `atLeast`: reading stopped at the limit. */
export function tooLargeReply(id: string | number, size: number, limit: number, atLeast = false): JSONRPCMessage {
  const sizeText = atLeast ? `over ${limit} bytes` : `${size} bytes`;
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: RPC_TOO_LARGE,
      message: `The server's reply (${sizeText}) exceeds the limit of ${limit} bytes; it was dropped and the connection kept`,
      data: { size, limit }
    }
  };
}

/**
 * Swaps the transport's reader for a BoundedLineReader. Relies on the SDK's `_readBuffer` field; if a
 * future SDK renames it, `maxBufferSize` (set by the caller) still bounds memory, only less gently.
 */
export function installOversizeGuard(
  transport: StdioClientTransport,
  maxLineBytes: number,
  onOversize: (info: OversizeInfo) => void,
  onMalformed?: (sample: string) => void,
  admit?: (message: JSONRPCMessage) => boolean
): boolean {
  const internals = transport as unknown as { _readBuffer?: unknown };
  if (!('_readBuffer' in internals)) return false;
  internals._readBuffer = new BoundedLineReader(maxLineBytes, onOversize, onMalformed, admit);
  return true;
}
