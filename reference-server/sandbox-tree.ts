// The sandbox's file tree as resources: every directory and file inside (links only when they stay inside) is
// listed under its `file:///` URI, and the tree is watched on disk. A file that changes sends `updated` for
// itself and its directory; a file or directory that appears or goes sends `list_changed` (and `updated` for the
// directories whose reads change). Each real directory gets its own non-recursive fs.watch: Node 20 does
// support `recursive` on Linux, but as an emulation inside Node; watching each directory deliberately works the
// same on every platform and Node version, never follows a link out, and lets the server cap what it watches.
import type { Resource } from '@modelcontextprotocol/server';
import { lstatSync, readdirSync, realpathSync, statSync, watch, type FSWatcher, type Stats } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { log } from './log';

export const DIRECTORY_MIME = 'inode/directory';
const MIME_BY_EXT: Record<string, string> = {
  md: 'text/markdown', txt: 'text/plain', csv: 'text/csv', json: 'application/json', png: 'image/png'
};
/** Entries listed (and walked) at most; directories watched at most. */
const MAX_ENTRIES = 1000;
const MAX_WATCHED_DIRS = 200;
/** Changes are gathered until the disk has been quiet this long, but reported at least this often. */
const DEBOUNCE_MS = 100;
const MAX_WAIT_MS = 1000;

export function mimeOf(name: string): string {
  return MIME_BY_EXT[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

/**
 * Whether `real` (a symlink-resolved path) lies inside `realRoot`. Only a whole `..` segment leads out:
 * `..notes.txt` is an ordinary name inside.
 */
export function isWithin(realRoot: string, real: string): boolean {
  const rel = relative(realRoot, real);
  return rel !== '..' && !rel.startsWith('..' + sep) && !isAbsolute(rel);
}

export interface SandboxEvents {
  updated(uri: string): void;
  listChanged(): void;
}

interface Stamp {
  dir: boolean;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

const stamp = (st: Stats): Stamp => ({ dir: st.isDirectory(), size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino });
const sameStamp = (a: Stamp, b: Stamp) => a.dir === b.dir && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino;

/** Tree keys are sandbox-relative paths; directories end in '/', the root is ''. */
function uriOfKey(key: string): string {
  return 'file:///' + key.split('/').map(encodeURIComponent).join('/');
}

function parentOf(key: string): string {
  const trimmed = key.endsWith('/') ? key.slice(0, -1) : key;
  const cut = trimmed.lastIndexOf('/');
  return cut < 0 ? '' : trimmed.slice(0, cut + 1);
}

/** Every entry under `realRoot`, by key, in name order; links are listed as the files they lead to inside. */
function walk(realRoot: string): Map<string, Stamp> {
  const out = new Map<string, Stamp>();
  const visit = (realDir: string, key: string) => {
    out.set(key, stamp(statSync(realDir)));
    let names: string[];
    try {
      names = readdirSync(realDir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (out.size >= MAX_ENTRIES) return;
      const path = join(realDir, name);
      try {
        const st = lstatSync(path);
        if (st.isDirectory()) visit(path, `${key}${name}/`);
        else if (st.isFile()) out.set(key + name, stamp(st));
        else if (st.isSymbolicLink()) {
          const real = realpathSync(path);
          const target = statSync(real);
          if (isWithin(realRoot, real) && target.isFile()) out.set(key + name, stamp(target));
        }
      } catch {
        // Gone while walking, or a dangling link: not listed.
      }
    }
  };
  visit(realRoot, '');
  return out;
}

export class SandboxTree {
  private entries: Map<string, Stamp>;
  private listing: Resource[];
  private readonly watchers = new Map<string, FSWatcher>();
  private events: SandboxEvents | undefined;
  private timer: NodeJS.Timeout | undefined;
  private firstPending = 0;
  private closed = false;

  constructor(private readonly realRoot: string) {
    this.entries = walk(realRoot);
    this.listing = this.list();
  }

  /** The listed resources: the root, then every directory and file by path. */
  resources(): readonly Resource[] {
    if (!this.events) this.refresh(); // not watched (unit tests): read the disk each time
    return this.listing;
  }

  /** Sandbox-relative paths (directories end in '/'), for completion. */
  paths(): string[] {
    if (!this.events) this.refresh();
    return [...this.entries.keys()].filter(k => k !== '');
  }

  /** Starts watching; changes on disk are reported to `events` from then on. */
  watch(events: SandboxEvents): void {
    this.events = events;
    this.refresh();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }

  private list(): Resource[] {
    return [...this.entries].map(([key, st]) => {
      const name = key === '' ? 'sandbox' : key.replace(/\/$/, '').split('/').pop()!;
      const lastModified = new Date(st.mtimeMs).toISOString();
      return st.dir
        ? { uri: uriOfKey(key), name, title: key === '' ? 'File sandbox' : key, mimeType: DIRECTORY_MIME, annotations: { lastModified } }
        : { uri: uriOfKey(key), name, title: key, mimeType: mimeOf(name), size: st.size, annotations: { lastModified } };
    });
  }

  private schedule(): void {
    if (this.closed) return;
    const now = Date.now();
    if (this.timer === undefined) this.firstPending = now;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.refresh();
    }, Math.max(0, Math.min(DEBOUNCE_MS, this.firstPending + MAX_WAIT_MS - now)));
    this.timer.unref();
  }

  /** Walks the tree again, reports what changed, and watches exactly its directories. */
  private refresh(): void {
    if (this.closed) return;
    let after: Map<string, Stamp>;
    try {
      after = walk(this.realRoot);
    } catch (e) {
      log(`sandbox: cannot read ${this.realRoot}: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    const before = this.entries;
    this.entries = after;
    this.listing = this.list();
    if (this.events) {
      this.report(before, after, this.events);
      this.watchDirectories();
    }
  }

  private report(before: Map<string, Stamp>, after: Map<string, Stamp>, events: SandboxEvents): void {
    const added = [...after.keys()].filter(k => !before.has(k));
    const removed = [...before.keys()].filter(k => !after.has(k));
    const changed = [...after].filter(([k, st]) => !st.dir && before.has(k) && !sameStamp(before.get(k)!, st)).map(([k]) => k);
    // A directory's read holds its files' contents and its subdirectories' child lists, so an entry that comes
    // or goes changes its parent's and grandparent's reads, and a changed file its parent's.
    const updated = new Set<string>();
    for (const k of [...added, ...removed]) updated.add(k).add(parentOf(k)).add(parentOf(parentOf(k)));
    for (const k of changed) updated.add(k).add(parentOf(k));
    if (updated.size === 0) return;
    log(`sandbox: ${added.length} added, ${removed.length} removed, ${changed.length} changed`);
    if (added.length + removed.length > 0) events.listChanged();
    for (const k of updated) events.updated(uriOfKey(k));
  }

  private watchDirectories(): void {
    const dirs = new Set([...this.entries].filter(([, st]) => st.dir).map(([k]) => join(this.realRoot, k)).slice(0, MAX_WATCHED_DIRS));
    for (const [path, w] of this.watchers) {
      if (!dirs.has(path)) {
        w.close();
        this.watchers.delete(path);
      }
    }
    for (const path of dirs) {
      if (this.watchers.has(path)) continue;
      try {
        // Not persistent: a stdio server still exits when its client goes.
        const w = watch(path, { persistent: false }, () => this.schedule());
        w.on('error', () => {
          w.close();
          this.watchers.delete(path);
          this.schedule();
        });
        this.watchers.set(path, w);
      } catch {
        this.schedule(); // gone before it could be watched
      }
    }
  }
}
