// A line reader for stdio transports that survives oversized messages. The SDK's own reader closes
// the whole connection when one message exceeds its buffer (10 MB by default), so one huge resource
// would take the server down for every other request. This reader drops just that message, as it streams
// (past the limit nothing of it is kept but its first and last bytes), and, when it can see the message's
// JSON-RPC id, answers the waiting request with a `too_large` error instead: as soon as the limit is passed
// when the id is at the message's start, else when the message ends. A message whose id shows at neither
// edge fails by its request's deadline. A line is held in memory only up to a small window; past it, until
// it ends or passes the limit, it waits in a temp file (line-spill.ts), so a line that turns out too large
// never costs the engine more than the window.
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { deserializeMessage } from '@modelcontextprotocol/client';
import { RPC_TOO_LARGE } from '../errors';
import { LineSpill } from './line-spill';
import { GATED_BYTES, GATED_MAX_BYTES, GATED_TEXT } from './notification-gate';

export const EDGE = 256;
/**
 * Bytes of one line kept in memory before the rest goes to the spill file. Small enough that what a long line
 * holds never weighs on the collector; large enough that ordinary replies (a page of thousands of resources)
 * never touch the file.
 */
export const MEMORY_WINDOW = 1024 * 1024;
/**
 * A line being dropped is read at this fraction of the server's byte budget (its bytes count this many times):
 * its request is already answered or cannot be, and every byte read, even to be dropped, is a fresh Buffer the
 * collector must account for (beside a 200 MB line read at the full budget, V8 ran a mark-compact every few
 * hundred ms). Only that server waits: its next replies come after the dropped line.
 */
export const DROPPED_BYTE_WEIGHT = 8;
/** JSON-RPC ids are numbers or strings; the SDK emits numbers. Top-level `id` is first or last. */
const ID_AT_START = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/;
const ID_AT_END = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*\}\s*$/;

export interface OversizeInfo {
  size: number;
  limit: number;
  id?: string | number;
}

/** A line to decode (a view of a chunk, or one put together from several and decoded already), or a message made here. */
type Ready = Buffer | string | JSONRPCMessage;

/**
 * The line buffer's size kept between lines; a longer line's buffer goes when the line ends. A reply of a page of
 * 500 resources is ~200 KB, so a connection that lists keeps one buffer instead of making one per line.
 */
const KEPT_LINE_BUFFER = 256 * 1024;
/** A skipped line as told (to the card and the protocol log): a log line whole, never a blob. */
const MALFORMED_SAMPLE_CHARS = 4_096;
const noBytes = Buffer.alloc(0);

/** A line's first and last bytes (for its id) and its size so far. */
interface Edges {
  head: Buffer;
  tail: Buffer;
  size: number;
}

/** An oversized line being dropped as it streams: its edges and size so far. */
interface Skipping {
  head: Buffer;
  tail: Buffer;
  size: number;
  /** Its request was already failed, when the limit was passed (the id was at its start). */
  answered: boolean;
}

export interface LineReaderOptions {
  /** See MEMORY_WINDOW. */
  memoryWindow?: number;
  /** Where spill files go (the system's temp folder by default). */
  spillDir?: string;
}

export class BoundedLineReader {
  /**
   * The line being read while within the memory window, copied from the chunks it came in (a line that starts and
   * ends in one chunk is never kept): the first `pendingBytes` of a buffer kept from line to line, decoded when the
   * line ends. A copy of each piece and a join of the copies per line made a fresh Buffer for every pipe chunk: with
   * fifty servers listing 20,000 resources each, 6 s of the engine's (wall-clock sampled) profile were those
   * allocations (`SCALE_PROFILE=1 npx tsx bench/scale/servers.ts --sizes 1M`); no change in wall time was shown.
   */
  private lineBuffer: Buffer = noBytes;
  private pendingBytes = 0;
  /** The line being read once past the memory window: its bytes are in `spill`, its edges here. */
  private spilled: Edges | undefined;
  private readonly spill: LineSpill;
  private readonly memoryWindow: number;
  private skipping: Skipping | undefined;
  private readonly ready: Ready[] = [];

  constructor(
    private readonly maxLineBytes: number,
    private readonly onOversize: (info: OversizeInfo) => void,
    private readonly onMalformed: (sample: string) => void = () => undefined,
    /** False: the message is held back or dropped (read-budget.ts's NotificationGate). */
    private readonly admit: (message: JSONRPCMessage) => boolean = () => true,
    options: LineReaderOptions = {}
  ) {
    this.memoryWindow = options.memoryWindow ?? MEMORY_WINDOW;
    this.spill = new LineSpill(options.spillDir);
  }

  /** Bytes of the unfinished line held in memory: at most the memory window (more only without temp space). */
  get heldBytes(): number {
    return this.pendingBytes + this.spill.memoryBytes;
  }

  /** How many times each byte read now counts against the server's read budget. */
  get byteWeight(): number {
    return this.skipping ? DROPPED_BYTE_WEIGHT : 1;
  }

  append(chunk: Buffer): void {
    let rest = chunk;
    while (rest.length) {
      const newline = rest.indexOf(0x0a);
      const piece = newline === -1 ? rest : rest.subarray(0, newline);
      if (this.skipping) this.skip(piece);
      else if (this.lineBytes() + piece.length > this.maxLineBytes) this.startSkipping(piece);
      else if (this.spilled) this.spillPiece(this.spilled, piece);
      // A line that starts and ends in this chunk is passed on as a slice of it, never copied (the transport
      // reads it, with readMessage, before the next chunk comes).
      else if (newline !== -1 && this.pendingBytes === 0) this.ready.push(piece);
      else if (this.pendingBytes + piece.length > this.memoryWindow) this.startSpilling(piece);
      // Copied: the chunk may be a view of a buffer the next read overwrites (reused-buffer-read.ts).
      else this.keep(piece);
      if (newline === -1) return;
      this.endLine();
      rest = rest.subarray(newline + 1);
    }
  }

  readMessage(): JSONRPCMessage | null {
    while (this.ready.length) {
      const next = this.ready.shift() as Ready;
      if (typeof next !== 'string' && !Buffer.isBuffer(next)) return next;
      const line = (typeof next === 'string' ? next : next.toString('utf8')).replace(/\r$/, '');
      // A small line that may be gated is parsed plainly first: a flood of them is mostly dropped here, before
      // the SDK's schema check, which costs several times the parse (and its garbage).
      const mayBeGated = next.length < GATED_MAX_BYTES && (typeof next === 'string' ? next.includes(GATED_TEXT) : next.includes(GATED_BYTES));
      const gated = mayBeGated ? plainParse(line) : undefined;
      if (gated && !this.admit(gated)) continue;
      let message: JSONRPCMessage;
      try {
        message = deserializeMessage(line);
      } catch {
        // Lines that are not JSON-RPC (stray prints, broken JSON, JSON of the wrong shape) are skipped and
        // counted: one bad line never ends the connection.
        this.onMalformed(line.length > MALFORMED_SAMPLE_CHARS ? `${line.slice(0, MALFORMED_SAMPLE_CHARS)}…` : line);
        continue;
      }
      if (gated || this.admit(message)) return message;
    }
    return null;
  }

  /** The connection ended (the SDK calls this on close): everything held goes, the spill file too. */
  clear(): void {
    this.lineBuffer = noBytes;
    this.pendingBytes = 0;
    this.spilled = undefined;
    this.skipping = undefined;
    this.ready.length = 0;
    this.spill.close();
  }

  private lineBytes(): number {
    return this.spilled ? this.spilled.size : this.pendingBytes;
  }

  /** Appends `piece` to the line being read, in the kept buffer (grown, by doubling, as the line needs). */
  private keep(piece: Buffer): void {
    const needed = this.pendingBytes + piece.length;
    if (needed > this.lineBuffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, 2 * this.lineBuffer.length, 64 * 1024));
      this.lineBuffer.copy(grown, 0, 0, this.pendingBytes);
      this.lineBuffer = grown;
    }
    piece.copy(this.lineBuffer, this.pendingBytes);
    this.pendingBytes = needed;
  }

  /**
   * The line read so far, as a view of the kept buffer: used at once (the spill writes it or copies it, the edges are
   * copied), before the next line writes over it.
   */
  private takePending(): Buffer[] {
    const held = this.pendingBytes ? [this.lineBuffer.subarray(0, this.pendingBytes)] : [];
    this.forgetPending();
    return held;
  }

  private forgetPending(): void {
    this.pendingBytes = 0;
    if (this.lineBuffer.length > KEPT_LINE_BUFFER) this.lineBuffer = noBytes;
  }

  /** The line has outgrown the memory window with `piece`: what it holds, and the rest as it comes, go to the file. */
  private startSpilling(piece: Buffer): void {
    const held = this.takePending();
    const edges = edgesOf([...held, piece]);
    for (const part of held) this.spill.write(part);
    this.spill.write(piece);
    this.spilled = edges;
  }

  private spillPiece(spilled: Edges, piece: Buffer): void {
    this.spill.write(piece);
    spilled.size += piece.length;
    spilled.tail = lastBytes(spilled.tail, piece);
  }

  /**
   * The line has passed the limit with `piece`: from here on it is dropped as it arrives, keeping only its edges.
   * When its start shows its id, its request fails now, with the size seen so far, not when (or if) it ends.
   */
  private startSkipping(piece: Buffer): void {
    let edges: Edges;
    if (this.spilled) {
      edges = { head: this.spilled.head, tail: lastBytes(this.spilled.tail, piece), size: this.spilled.size + piece.length };
      this.spilled = undefined;
      this.spill.reset();
    } else {
      edges = edgesOf([...this.takePending(), piece]);
    }
    const id = jsonRpcIdAtStart(edges.head.toString('utf8'));
    if (id !== undefined) this.ready.push(tooLargeReply(id, edges.size, this.maxLineBytes, true));
    this.skipping = { ...edges, answered: id !== undefined };
  }

  private skip(piece: Buffer): void {
    const skipping = this.skipping as Skipping;
    skipping.size += piece.length;
    skipping.tail = lastBytes(skipping.tail, piece);
  }

  private endLine(): void {
    if (this.skipping) {
      this.reportOversize(this.skipping);
      this.skipping = undefined;
      return;
    }
    if (this.spilled) {
      this.ready.push(this.spill.take());
      this.spilled = undefined;
      return;
    }
    if (!this.pendingBytes) return;
    this.ready.push(this.lineBuffer.toString('utf8', 0, this.pendingBytes));
    this.forgetPending();
  }

  private reportOversize({ head, tail, size, answered }: Skipping): void {
    const id = jsonRpcIdAtEdges(head.toString('utf8'), tail.toString('utf8').replace(/\r$/, ''));
    this.onOversize({ size, limit: this.maxLineBytes, ...(id !== undefined && { id }) });
    if (id !== undefined && !answered) this.ready.push(tooLargeReply(id, size, this.maxLineBytes));
  }
}

/** The line as JSON, when it is a JSON object (the gate reads its fields); the SDK's check comes after. */
function plainParse(line: string): JSONRPCMessage | undefined {
  try {
    const parsed: unknown = JSON.parse(line);
    return typeof parsed === 'object' && parsed !== null ? (parsed as JSONRPCMessage) : undefined;
  } catch {
    return undefined;
  }
}

/** The first and last bytes of a line held as `parts`, copied (only the edges: a copy of the whole line was a
 * stall of hundreds of ms at 64 MB). */
function edgesOf(parts: Buffer[]): Edges {
  const size = parts.reduce((sum, part) => sum + part.length, 0);
  const head = Buffer.concat(parts, Math.min(EDGE, size));
  let from = parts.length;
  for (let bytes = 0; from > 0 && bytes < EDGE; ) bytes += parts[--from].length;
  let tail: Buffer = Buffer.alloc(0);
  for (const part of parts.slice(from)) tail = lastBytes(tail, part);
  return { head, tail, size };
}

/** The last EDGE bytes of `tail` followed by `piece`, as a copy (never a view that keeps a pipe chunk alive). */
function lastBytes(tail: Buffer, piece: Buffer): Buffer {
  return Buffer.concat([tail, piece.subarray(-EDGE)]).subarray(-EDGE);
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
 * Swaps the transport's reader for a BoundedLineReader, and returns it. Relies on the SDK's `_readBuffer` field;
 * if a future SDK renames it, `maxBufferSize` (set by the caller) still bounds memory, only less gently.
 */
export function installOversizeGuard(
  transport: StdioClientTransport,
  maxLineBytes: number,
  onOversize: (info: OversizeInfo) => void,
  onMalformed?: (sample: string) => void,
  admit?: (message: JSONRPCMessage) => boolean
): BoundedLineReader | undefined {
  const internals = transport as unknown as { _readBuffer?: unknown };
  if (!('_readBuffer' in internals)) return undefined;
  const reader = new BoundedLineReader(maxLineBytes, onOversize, onMalformed, admit);
  internals._readBuffer = reader;
  return reader;
}
