// Where a stdio line too long to keep in memory waits until it ends: a temp file, so a line that turns out too
// large (a 200 MB reply, read at the server's budget for seconds) never holds tens of MB of Buffers in the
// engine. Held Buffers live through scavenges into the old generation, and the external memory they carry
// there is what made V8 run mark-compacts every second or two beside such a server (bench/isolation.ts).
// Written to the page cache and truncated when the line ends, such bytes usually never reach the disk.
// Synchronous on purpose: the line reader hands messages on in order from inside its `append`, and a write of
// one pipe chunk to the page cache is tens of microseconds.
import { randomUUID } from 'node:crypto';
import { closeSync, ftruncateSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export class LineSpill {
  private fd: number | undefined;
  /** Set while the file must still be removed by name (where an open file cannot be unlinked). */
  private filePath: string | undefined;
  private fileBytes = 0;
  /** Where bytes go once the file cannot be opened or written (no temp space): memory, as before spills. */
  private fallback: Buffer[] | undefined;
  private fallbackBytes = 0;

  constructor(private readonly dir: string = tmpdir()) {}

  get size(): number {
    return this.fileBytes + this.fallbackBytes;
  }

  /** Bytes of the line held in memory (only after the file failed). */
  get memoryBytes(): number {
    return this.fallbackBytes;
  }

  write(piece: Buffer): void {
    if (!this.fallback && this.writeToFile(piece)) return;
    this.fallback ??= [];
    // Copied: a piece may be a view of a pipe chunk the next read writes over.
    this.fallback.push(Buffer.from(piece));
    this.fallbackBytes += piece.length;
  }

  /** The line's bytes, read back, and the spill emptied for the next line. */
  take(): Buffer {
    const whole = Buffer.allocUnsafe(this.size);
    let at = 0;
    while (at < this.fileBytes) at += readSync(this.fd as number, whole, at, this.fileBytes - at, at);
    for (const piece of this.fallback ?? []) at += piece.copy(whole, at);
    this.reset();
    return whole;
  }

  /** Forgets the line (it was too large, or the connection ends); the file stays open, empty, for the next. */
  reset(): void {
    // Truncated, the file's pages are dropped before they are written back. Should that fail, the next line
    // simply writes over it from the start.
    if (this.fd !== undefined && this.fileBytes) {
      try {
        ftruncateSync(this.fd, 0);
      } catch {
        /* kept as is; overwritten */
      }
    }
    this.fileBytes = 0;
    this.fallback = undefined;
    this.fallbackBytes = 0;
  }

  close(): void {
    this.fallback = undefined;
    this.fallbackBytes = 0;
    this.fileBytes = 0;
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    if (this.filePath) unlinkQuietly(this.filePath);
    this.filePath = undefined;
  }

  /** False when the file cannot take the piece; what it holds stays readable, the rest goes to memory. */
  private writeToFile(piece: Buffer): boolean {
    try {
      this.fd ??= this.open();
      let done = 0;
      while (done < piece.length) done += writeSync(this.fd, piece, done, piece.length - done, this.fileBytes + done);
      this.fileBytes += piece.length;
      return true;
    } catch {
      return false;
    }
  }

  private open(): number {
    const file = path.join(this.dir, `mcprb-line-${process.pid}-${randomUUID()}`);
    const fd = openSync(file, 'wx+', 0o600);
    // Unlinked while open (POSIX), the file is gone when the engine exits however it exits; where that is
    // refused, it is removed by name on close.
    if (!unlinkQuietly(file)) this.filePath = file;
    return fd;
  }
}

function unlinkQuietly(file: string): boolean {
  try {
    unlinkSync(file);
    return true;
  } catch {
    return false;
  }
}
