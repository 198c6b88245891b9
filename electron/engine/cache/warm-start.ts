// Optional warm start: public list entries are written to the data dir and loaded at the next launch as
// stale, so the first listing can revalidate them (and a server that is down can still be browsed, marked
// stale). Private entries are never written to disk.
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import { LIST_METHODS } from './keys';
import { expiryOf, type ResponseStore, type StoredEntry } from './response-store';

const FILE_VERSION = 1;
/** The warm file is a convenience: it never grows past this (the default memory budget; 50 servers × 2,000 resources of the reference server take ~35 MB), whatever the memory budget. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

const persistedEntry = z.object({
  key: z.string(),
  identity: z.string(),
  serverId: z.string(),
  method: z.string(),
  params: z.string(),
  partition: z.string(),
  value: z.string(),
  storedAt: z.number(),
  expiresAt: z.number().optional()
});

/** The file is written in chunks of about this size: never one string of the whole file (64 MB, and as much again as a Buffer). */
const WRITE_CHUNK_CHARS = 256 * 1024;

const warmFile = z.object({ version: z.literal(FILE_VERSION), entries: z.array(z.unknown()) });

function isPersistable(entry: StoredEntry): boolean {
  return entry.scope === 'public' && LIST_METHODS.has(entry.method);
}

/** Whether a process with this id runs (one this process may not signal runs too). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class WarmStart {
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly store: ResponseStore,
    private readonly maxFileBytes = MAX_FILE_BYTES
  ) {}

  /**
   * Loads the file into the store, every entry stale. A missing or unreadable file is not an error. `restoring`
   * runs the (synchronous) filling of the store, so the owner can tell these changes from new ones.
   */
  async load(restoring: (fill: () => number) => number = fill => fill()): Promise<number> {
    await this.removeLeftoverTemps();
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return 0;
    }
    let parsed: z.infer<typeof warmFile>;
    try {
      parsed = warmFile.parse(JSON.parse(text));
    } catch (err) {
      console.warn(`[cache] ignoring unreadable warm-start file ${this.file}:`, err instanceof Error ? err.message : err);
      return 0;
    }
    const entries = parsed.entries;
    return restoring(() => this.restore(entries));
  }

  /**
   * Removes the temp files of saves cut short: a process killed while writing (a closed window mid-save, a bench
   * stopping the app) leaves its `<file>.<pid>.tmp`, up to the file's cap, and every such launch left another. One
   * whose process still runs is another engine's save in progress, and stays.
   */
  private async removeLeftoverTemps(): Promise<void> {
    const dir = path.dirname(this.file);
    const prefix = `${path.basename(this.file)}.`;
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return;
    }
    await Promise.all(
      names.map(async name => {
        if (!name.startsWith(prefix) || !name.endsWith('.tmp')) return;
        const pid = Number(name.slice(prefix.length, -'.tmp'.length));
        if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || isRunning(pid)) return;
        await rm(path.join(dir, name), { force: true }).catch(() => undefined);
      })
    );
  }

  private restore(entries: unknown[]): number {
    const now = this.store.now();
    let loaded = 0;
    for (const raw of entries) {
      const entry = persistedEntry.safeParse(raw);
      if (!entry.success) continue;
      const e = entry.data;
      const stored = this.store.put({
        ...e,
        scope: 'public',
        writerPrincipal: '',
        restored: true,
        // Shown stale until revalidated: never served as fresh from a previous run.
        expiresAt: Math.min(expiryOf(e), now)
      });
      if (stored) loaded++;
    }
    return loaded;
  }

  /** Writes the public list entries (whole lists, most recently used first, within the file cap) atomically, streamed in chunks. */
  save(): Promise<void> {
    this.saving = this.saving.then(() => this.write()).catch(err => {
      console.warn(`[cache] could not write warm-start file ${this.file}:`, err instanceof Error ? err.message : err);
    });
    return this.saving;
  }

  /**
   * The public list entries that fit the file cap, oldest first as the store holds them (so a load puts them back in
   * that order). Lists are taken whole, most recently used first: the file is for last known lists, and a list
   * missing a page is none.
   */
  private chosen(): StoredEntry[] {
    const persistable = this.store.all().filter(isPersistable);
    const taken = new Set<StoredEntry>();
    const passed = new Set<StoredEntry>();
    let bytes = 0;
    for (const e of persistable.toReversed()) {
      if (taken.has(e) || passed.has(e)) continue;
      const list = this.store.evictedWith(e);
      const size = list.reduce((sum, x) => sum + x.size, 0);
      const fits = bytes + size <= this.maxFileBytes;
      if (fits) bytes += size;
      for (const x of list) (fits ? taken : passed).add(x);
    }
    return persistable.filter(e => taken.has(e));
  }

  private async write(): Promise<void> {
    const entries = this.chosen();
    await mkdir(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    const file = await open(tmp, 'w', 0o600);
    try {
      let pending: string[] = [];
      let pendingChars = 0;
      const put = async (text: string) => {
        pending.push(text);
        pendingChars += text.length;
        if (pendingChars < WRITE_CHUNK_CHARS) return;
        const chunk = pending.join('');
        pending = [];
        pendingChars = 0;
        await file.write(chunk);
      };
      await put(`{"version":${FILE_VERSION},"entries":[`);
      for (const [k, e] of entries.entries()) {
        const fields = { key: e.key, identity: e.identity, serverId: e.serverId, method: e.method, params: e.params, partition: e.partition, storedAt: e.storedAt, ...(e.expiresAt !== undefined && { expiresAt: e.expiresAt }) };
        const head = JSON.stringify(fields);
        await put(`${k > 0 ? ',' : ''}${head.slice(0, -1)},"value":"`);
        // Escaping is per character, so the parts escaped one by one make the whole value's JSON string. Parts are cut
        // between JSON tokens (json-parts.ts), never inside a surrogate pair.
        for (const part of e.valueParts ?? [e.value]) await put(JSON.stringify(part).slice(1, -1));
        await put('"}');
      }
      await put(']}');
      await file.write(pending.join(''));
    } catch (err) {
      await file.close();
      await rm(tmp, { force: true }).catch(() => undefined);
      throw err;
    }
    await file.close();
    await rename(tmp, this.file);
  }
}
