// The server config file (`{ "mcpServers": { ... } }`): load, validate, save atomically.
// A file we cannot fully use is reported and kept: while it has errors, nothing writes to it.
import { readFile } from 'node:fs/promises';
import type { ConfigView, ServerConfigEntry } from '../../../shared/contract';
import { appError } from '../errors';
import { writeFileAtomic } from './atomic-write';
import { validateServerMap } from './schema';

export interface ConfigStoreOptions {
  path: string;
  /** Servers to use when the file does not exist yet (first start). */
  defaults: () => Record<string, ServerConfigEntry>;
}

/** Stands for a file that could not be read, by its error's code (no file's text starts with a NUL). */
const unreadable = (err: unknown) => `\u0000${(err as NodeJS.ErrnoException).code ?? 'unreadable'}`;
const MISSING = '\u0000ENOENT';

export class ConfigStore {
  private servers: Record<string, ServerConfigEntry> = {};
  /** Top-level keys other than `mcpServers`, written back untouched. */
  private otherKeys: Record<string, unknown> = {};
  private error: string | undefined;
  private firstStart = false;
  /** What the file was when last read or written here: a file that is no longer so was changed elsewhere. */
  private knownOnDisk: string | undefined;
  /** What this app is writing now (an atomic save between its write and its rename). */
  private writing: string | undefined;

  constructor(private readonly options: ConfigStoreOptions) {}

  get path(): string {
    return this.options.path;
  }

  /** True when no config file existed and the embedded default is in use. */
  get isFirstStart(): boolean {
    return this.firstStart;
  }

  /**
   * Whether the file is not what this app last read or wrote: edited by hand, or by another tool. A file that is gone
   * is not such an edit: read, it would be a first start (the embedded default alone), stopping every server and
   * forgetting their sign-ins, where an editor that deletes before it writes, or a file being moved, means none of that.
   */
  async changedOnDisk(): Promise<boolean> {
    const onDisk = await this.readSnapshot();
    return onDisk !== MISSING && onDisk !== this.knownOnDisk && onDisk !== this.writing;
  }

  /** The file's text, or a mark of why there is none (a missing file, a read error). */
  private async readSnapshot(): Promise<string> {
    try {
      return await readFile(this.path, 'utf8');
    } catch (err) {
      return unreadable(err);
    }
  }

  async load(): Promise<ConfigView> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
      this.knownOnDisk = text;
    } catch (err) {
      this.knownOnDisk = unreadable(err);
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.reset(`Cannot read ${this.path}: ${(err as Error).message}`);
        return this.view();
      }
      this.servers = this.options.defaults();
      this.otherKeys = {};
      this.error = undefined;
      this.firstStart = true;
      return this.view();
    }
    this.firstStart = false;
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (err) {
      this.reset(`${this.path} is not valid JSON: ${(err as Error).message}`);
      return this.view();
    }
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
      this.reset(`${this.path}: the top level must be an object like { "mcpServers": { ... } }`);
      return this.view();
    }
    const { mcpServers, ...rest } = doc as Record<string, unknown>;
    const validated = validateServerMap('mcpServers', mcpServers ?? {});
    this.servers = validated.servers;
    this.otherKeys = rest;
    this.error = validated.issues.length ? validated.issues.join('\n') : undefined;
    return this.view();
  }

  view(): ConfigView {
    return { path: this.path, servers: { ...this.servers }, ...(this.error && { error: this.error }) };
  }

  entries(): Record<string, ServerConfigEntry> {
    return { ...this.servers };
  }

  async setServer(name: string, entry: ServerConfigEntry): Promise<void> {
    await this.update(servers => ({ ...servers, [name]: entry }));
  }

  async setServers(entries: Record<string, ServerConfigEntry>): Promise<void> {
    await this.update(servers => ({ ...servers, ...entries }));
  }

  async removeServer(name: string): Promise<boolean> {
    if (!(name in this.servers)) return false;
    await this.update(servers => {
      const next = { ...servers };
      delete next[name];
      return next;
    });
    return true;
  }

  private async update(change: (servers: Record<string, ServerConfigEntry>) => Record<string, ServerConfigEntry>): Promise<void> {
    if (this.error) {
      throw appError('config', `The config file ${this.path} has errors and is kept as it is; fix it first.\n${this.error}`);
    }
    const next = change(this.servers);
    const text = `${JSON.stringify({ ...this.otherKeys, mcpServers: next }, null, 2)}\n`;
    this.writing = text;
    try {
      await writeFileAtomic(this.path, text);
      this.knownOnDisk = text;
    } finally {
      this.writing = undefined;
    }
    this.servers = next;
    this.firstStart = false;
  }

  private reset(error: string): void {
    this.servers = {};
    this.otherKeys = {};
    this.error = error;
  }
}
