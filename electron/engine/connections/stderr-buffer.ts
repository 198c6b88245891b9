// Keeps the last lines a stdio server wrote to stderr (bounded, across reconnects) and reports new
// lines in small batches, so a chatty server cannot flood the event channel.
import type { Readable } from 'node:stream';
import type { StderrLine } from '../../../shared/contract';

export interface StderrBufferOptions {
  maxLines: number;
  maxLineLength: number;
  flushMs: number;
  onLines: (lines: StderrLine[]) => void;
}

export class StderrBuffer {
  private readonly lines: StderrLine[] = [];
  private pending: StderrLine[] = [];
  private partial = '';
  private flushTimer: NodeJS.Timeout | undefined;
  dropped = 0;

  constructor(private readonly options: StderrBufferOptions) {}

  /** Follows one process's stderr; a new process (after a reconnect) gets attached again. */
  attach(stream: Readable): void {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => this.write(chunk));
    stream.on('end', () => this.endLine());
    stream.on('error', () => this.endLine());
  }

  write(chunk: string): void {
    const parts = (this.partial + chunk).split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    for (const text of parts) this.push(text);
    // A never-ending line must not grow without bound either.
    if (this.partial.length > this.options.maxLineLength) this.endLine();
  }

  snapshot(): StderrLine[] {
    return [...this.lines];
  }

  /** The last few lines as one string, to explain why a process exited. */
  tail(count: number): string {
    return this.lines
      .slice(-count)
      .map(l => l.text)
      .join('\n');
  }

  dispose(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
  }

  private endLine(): void {
    if (this.partial) this.push(this.partial);
    this.partial = '';
  }

  private push(raw: string): void {
    const text = raw.length > this.options.maxLineLength ? `${raw.slice(0, this.options.maxLineLength)}…` : raw;
    const line = { at: Date.now(), text };
    this.lines.push(line);
    if (this.lines.length > this.options.maxLines) {
      this.lines.shift();
      this.dropped++;
    }
    this.pending.push(line);
    if (this.pending.length > this.options.maxLines) this.pending.shift();
    this.flushTimer ??= setTimeout(() => this.flush(), this.options.flushMs);
  }

  private flush(): void {
    this.flushTimer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (batch.length) this.options.onLines(batch);
  }
}
