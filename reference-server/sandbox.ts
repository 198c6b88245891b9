// The `file:///{+path}` template over a sandbox directory the server creates and fills. Paths are resolved
// inside the sandbox only: `..` segments (raw or percent-encoded, even double-encoded), absolute paths, NUL
// bytes and symlinks that point outside are refused with -32602 and a machine-readable reason.
import { ResourceNotFoundError, type ProtocolError, type Resource } from '@modelcontextprotocol/server';
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, isAbsolute } from 'node:path';
import { png } from './binary-formats';
import { REFERENCE_DATE_MS } from './catalog';
import { completionFrom } from './completion';
import { CACHE, contentItem, type ReadOutcome } from './entry';
import { invalidParams } from './errors';
import { log } from './log';
import { Rng } from './rng';
import { DIRECTORY_MIME, isWithin, mimeOf, SandboxTree, type SandboxEvents } from './sandbox-tree';
import { template, type TemplateEntry } from './templates';

export type RefusalReason = 'path-traversal' | 'absolute-path' | 'invalid-path' | 'symlink-escape';

const MAX_FILE_BYTES = 1024 * 1024;
const MAX_DIRECTORY_ITEMS = 50;

const UTF8 = new TextDecoder('utf-8', { fatal: true });
/** C0 controls other than tab, line feed, form feed and carriage return; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex -- control characters are what marks a file as binary
const CONTROL_JUNK = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F]/;

/**
 * The file's text when its bytes are valid UTF-8 without NULs or other control characters, else undefined
 * (served as a blob). The extension does not decide: a Latin-1 `.txt` is a blob, a UTF-8 file of any name text.
 */
function textOf(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return undefined;
  }
  return CONTROL_JUNK.test(text) ? undefined : text;
}

function refuse(uri: string, reason: RefusalReason): ProtocolError {
  return invalidParams(`Refused: ${reason.replace('-', ' ')} outside the sandbox`, { uri, reason });
}

/** Decodes until stable, so `%252e%252e` cannot smuggle `..` past one decoding pass. */
function fullyDecoded(raw: string): string | undefined {
  let current = raw;
  for (let i = 0; i < 5; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return current;
    current = next;
  }
  return undefined;
}

/** The sandbox-relative path a URI path variable names, or the reason it is refused. */
export function checkSandboxPath(raw: string): { path: string } | { reason: RefusalReason } {
  const decoded = fullyDecoded(raw);
  if (decoded === undefined || decoded.includes('\0')) return { reason: 'invalid-path' };
  const segments = (s: string) => s.split(/[\\/]/);
  if (segments(raw).includes('..') || segments(decoded).includes('..')) return { reason: 'path-traversal' };
  if (decoded.startsWith('/') || decoded.startsWith('\\') || /^[A-Za-z]:/.test(decoded) || isAbsolute(decoded)) return { reason: 'absolute-path' };
  return { path: decoded };
}

export class Sandbox {
  readonly root: string;
  private readonly realRoot: string;
  private readonly tree: SandboxTree;

  private constructor(root: string, private readonly temporary: boolean) {
    this.root = root;
    this.realRoot = realpathSync(root);
    this.tree = new SandboxTree(this.realRoot);
  }

  /** Uses `dir` (created and filled when empty) or a fresh temporary directory removed at exit. */
  static create(dir: string | undefined, seed: number): Sandbox {
    const temporary = dir === undefined;
    const root = dir ?? mkdtempSync(join(tmpdir(), 'mcp-reference-sandbox-'));
    mkdirSync(root, { recursive: true });
    if (readdirSync(root).length === 0) fill(root, seed);
    const sandbox = new Sandbox(root, temporary);
    if (temporary) process.once('exit', () => sandbox.dispose());
    log(`file sandbox at ${root}`);
    return sandbox;
  }

  /** Every directory and file inside, as listed resources (see sandbox-tree.ts). */
  resources(): readonly Resource[] {
    return this.tree.resources();
  }

  /** Sandbox-relative paths (directories end in '/'), for completion. */
  paths(): string[] {
    return this.tree.paths();
  }

  /** Reports changes on disk from now on: `updated` for changed files and directories, `listChanged` for new or gone ones. */
  watch(events: SandboxEvents): void {
    this.tree.watch(events);
  }

  /** Stops watching; removes the directory when it is a temporary one. */
  dispose(): void {
    this.tree.close();
    if (this.temporary) rmSync(this.root, { recursive: true, force: true });
  }

  private resolve(uri: string, raw: string): string {
    const checked = checkSandboxPath(raw);
    if ('reason' in checked) throw refuse(uri, checked.reason);
    const full = join(this.root, checked.path);
    let real: string;
    try {
      real = realpathSync(full);
    } catch {
      throw new ResourceNotFoundError(uri);
    }
    if (!isWithin(this.realRoot, real)) throw refuse(uri, 'symlink-escape');
    return real;
  }

  /**
   * A file answers one content, text or blob as its bytes say. A directory answers one content per child (at
   * most 50, by name), each under its own URI: files with their content (those over the size limit are left
   * out: read them alone to get the reason), subdirectories as `inode/directory` whose text lists their
   * children's URIs, one per line. Directory URIs end in `/`.
   */
  read(uri: string, raw: string): ReadOutcome {
    const real = this.resolve(uri, raw);
    if (!statSync(real).isDirectory()) return { contents: [this.fileItem(uri, real)] };
    return {
      contents: this.children(real, uri).filter(c => c.dir || c.size <= MAX_FILE_BYTES).slice(0, MAX_DIRECTORY_ITEMS).map(c =>
        c.dir ? { uri: c.uri, mimeType: DIRECTORY_MIME, text: this.children(c.real, c.uri).map(g => g.uri).join('\n') } : this.fileItem(c.uri, c.real))
    };
  }

  /** The children of a directory that stay inside the sandbox (links are followed, never out), by name. */
  private children(realDir: string, dirUri: string): Array<{ uri: string; real: string; dir: boolean; size: number }> {
    const base = dirUri.endsWith('/') ? dirUri : dirUri + '/';
    return readdirSync(realDir).sort().flatMap(name => {
      let real: string;
      try {
        real = realpathSync(join(realDir, name));
      } catch {
        return []; // dangling link
      }
      if (!isWithin(this.realRoot, real)) return [];
      const st = statSync(real);
      if (!st.isDirectory() && !st.isFile()) return [];
      const dir = st.isDirectory();
      return [{ uri: base + encodeURIComponent(name) + (dir ? '/' : ''), real, dir, size: st.size }];
    });
  }

  private fileItem(uri: string, real: string) {
    const mime = mimeOf(real);
    const { size } = statSync(real);
    if (size > MAX_FILE_BYTES) {
      throw invalidParams(`File larger than ${MAX_FILE_BYTES} bytes`, { uri, reason: 'file-too-large', size, max: MAX_FILE_BYTES });
    }
    const bytes = readFileSync(real);
    const text = textOf(bytes);
    return contentItem(uri, mime, text === undefined ? { blob: bytes } : { text });
  }

  templateEntry(): TemplateEntry {
    return template(
      {
        uriTemplate: 'file:///{+path}', name: 'sandbox-file', title: 'Sandbox file',
        description: 'Files of the server\'s sandbox directory; traversal out of it is refused', mimeType: 'application/octet-stream',
        annotations: { audience: ['user', 'assistant'], priority: 0.6 }
      },
      {
        // Files change on disk at any time: a short hint, with `updated` sent to watchers as soon as they do.
        cache: CACHE.privateShort,
        check: (uri, { path }) => {
          this.resolve(uri, path);
        },
        read: (uri, { path }) => this.read(uri, path),
        complete: { path: value => completionFrom(this.paths(), value) }
      }
    );
  }
}

/** Fills a new sandbox with a few files, a link that stays inside and links that point out. */
function fill(root: string, seed: number): void {
  const rng = new Rng(seed);
  mkdirSync(join(root, 'notes'));
  mkdirSync(join(root, 'data', 'nested'), { recursive: true });
  mkdirSync(join(root, 'images'));
  writeFileSync(join(root, 'README.md'), '# Sandbox\n\nFiles served by the reference server through `file:///{+path}`.\n');
  writeFileSync(join(root, 'notes', 'todo.txt'), '- read the spec\n- try the vault\n- subscribe to the clock\n');
  writeFileSync(join(root, 'notes', 'meeting.md'), '## Meeting notes\n\n* decided: ship it\n');
  // Text or blob is decided by the bytes: UTF-8 prose is text, Latin-1 bytes behind a .txt name are a blob.
  writeFileSync(join(root, 'notes', 'greeting.md'), 'Grüße, 世界 ✓\n');
  writeFileSync(join(root, 'notes', 'latin1.txt'), Buffer.from('Caf\u00e9 cr\u00e8me br\u00fbl\u00e9e\n', 'latin1'));
  writeFileSync(join(root, 'data', 'sales.csv'), 'month,amount\n2026-01,120\n2026-02,95\n');
  writeFileSync(join(root, 'data', 'nested', 'config.json'), JSON.stringify({ theme: 'dark', retries: 3 }, null, 2));
  writeFileSync(join(root, 'images', 'gradient.png'), png(rng));
  try {
    symlinkSync(join('notes', 'todo.txt'), join(root, 'link-to-todo.txt'));
    symlinkSync('/etc/hostname', join(root, 'escape-link'));
    symlinkSync('/etc', join(root, 'escape-dir'));
  } catch (e) {
    log(`could not create sandbox symlinks: ${e instanceof Error ? e.message : String(e)}`);
  }
  backdate(root);
}

/**
 * Gives a filled sandbox fixed modification times (a day apart, before the reference date), deepest first so
 * no later write moves a directory's: its listing (lastModified) is then the same at every start, like
 * everything else generated. Links keep their own times; their targets' are what is listed.
 */
function backdate(root: string): void {
  let day = 0;
  const visit = (dir: string) => {
    for (const d of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (d.isSymbolicLink()) continue;
      const path = join(dir, d.name);
      if (d.isDirectory()) visit(path);
      const at = new Date(REFERENCE_DATE_MS - ++day * 86_400_000);
      utimesSync(path, at, at);
    }
  };
  visit(root);
  utimesSync(root, new Date(REFERENCE_DATE_MS), new Date(REFERENCE_DATE_MS));
}
