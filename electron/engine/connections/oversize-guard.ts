// A line reader for stdio transports that survives oversized messages. The SDK's own reader closes
// the whole connection when one message exceeds its buffer (10 MB by default), so one huge resource
// would take the server down for every other request. This reader drops just that message, as it streams
// (past the limit nothing of it is kept but its first and last bytes), and, when it can see the message's
// JSON-RPC id, answers the waiting request with a `too_large` error instead: as soon as the limit is passed
// when the id is at the message's start, else when the message ends. A message whose id shows at neither
// edge fails by its request's deadline.
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

/** A line to decode, or a message made here. */
type Ready = Buffer | JSONRPCMessage;

/** An oversized line being dropped as it streams: its first and last bytes (for the id) and its size so far. */
interface Skipping {
  head: Buffer;
  tail: Buffer;
  size: number;
  /** Its request was already failed, when the limit was passed (the id was at its start). */
  answered: boolean;
}

export class BoundedLineReader {
  /** The line being read, as the chunks it came in (a line that starts and ends in one chunk is never kept). */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private skipping: Skipping | undefined;
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
      else if (this.pendingBytes + piece.length > this.maxLineBytes) this.startSkipping(piece);
      // A line that starts and ends in this chunk is passed on as a slice of it, never copied.
      else if (newline !== -1 && this.pendingBytes === 0) this.ready.push(piece);
      else {
        this.pending.push(piece);
        this.pendingBytes += piece.length;
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
    this.pending = [];
    this.pendingBytes = 0;
    this.skipping = undefined;
    this.ready.length = 0;
  }

  /**
   * The line has passed the limit with `piece`: from here on it is dropped as it arrives, keeping only its edges.
   * When its start shows its id, its request fails now, with the size seen so far, not when (or if) it ends.
   */
  private startSkipping(piece: Buffer): void {
    // Only the edges are copied (a copy of the whole line so far was a stall of hundreds of ms at 64 MB).
    const parts = [...this.pending, piece];
    const head = Buffer.concat(parts.slice(0, 8)).subarray(0, EDGE);
    const tail = Buffer.concat(parts.slice(-8)).subarray(-EDGE);
    const size = this.pendingBytes + piece.length;
    this.pending = [];
    this.pendingBytes = 0;
    const id = jsonRpcIdAtStart(head.toString('utf8'));
    if (id !== undefined) this.ready.push(tooLargeReply(id, size, this.maxLineBytes, true));
    this.skipping = { head, tail, size, answered: id !== undefined };
  }

  private skip(piece: Buffer): void {
    const skipping = this.skipping as Skipping;
    skipping.size += piece.length;
    skipping.tail = Buffer.concat([skipping.tail, piece.subarray(-EDGE)]).subarray(-EDGE);
  }

  private endLine(): void {
    if (this.skipping) {
      this.reportOversize(this.skipping);
      this.skipping = undefined;
      return;
    }
    if (!this.pending.length) return;
    this.ready.push(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending));
    this.pending = [];
    this.pendingBytes = 0;
  }

  private reportOversize({ head, tail, size, answered }: Skipping): void {
    const id = jsonRpcIdAtEdges(head.toString('utf8'), tail.toString('utf8').replace(/\r$/, ''));
    this.onOversize({ size, limit: this.maxLineBytes, ...(id !== undefined && { id }) });
    if (id !== undefined && !answered) this.ready.push(tooLargeReply(id, size, this.maxLineBytes));
  }
}

/** The JSON-RPC id at the start of a message (where the SDKs write it), from its first few hundred characters. */
export function jsonRpcIdAtStart(head: string): string | number | undefined {
  const match = ID_AT_START.exec(head);
  return match ? (JSON.parse(match[1]) as string | number) : undefined;
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
