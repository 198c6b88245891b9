// Era verdicts per server, persisted in the data dir and reused through `connect({ prior })` to skip
// the `server/discover` probe (which over stdio costs a whole extra process).
// A verdict is bound to the server's config: change the command or URL and it no longer applies.
// Legacy verdicts expire, because an upgraded server keeps answering `initialize` and would
// otherwise stay legacy forever.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PriorDiscovery } from '@modelcontextprotocol/client';
import type { ServerConfigEntry, ServerId, TransportKind } from '../../../shared/contract';
import { writeFileAtomic } from '../config/atomic-write';

export interface Verdict {
  fingerprint: string;
  prior: PriorDiscovery;
  /** The transport that worked: `sse` when Streamable HTTP failed and legacy SSE answered. */
  transport: TransportKind;
  savedAt: number;
}

export interface VerdictStoreOptions {
  /** Directory for `verdicts.json`; without one, verdicts live in memory only. */
  dataDir?: string;
  legacyMaxAgeMs: number;
}

export function configFingerprint(entry: ServerConfigEntry): string {
  const relevant = 'command' in entry ? [entry.command, entry.args ?? [], entry.env ?? {}, entry.cwd ?? ''] : [entry.type, entry.url, entry.headers ?? {}];
  return createHash('sha256').update(JSON.stringify(relevant)).digest('hex').slice(0, 32);
}

export class VerdictStore {
  private verdicts: Record<ServerId, Verdict> = {};
  /** The write in progress, if any, and whether the verdicts changed since it began (one more write follows it). */
  private writing: Promise<void> | undefined;
  private dirty = false;

  constructor(private readonly options: VerdictStoreOptions) {}

  private get file(): string | undefined {
    return this.options.dataDir ? join(this.options.dataDir, 'verdicts.json') : undefined;
  }

  async load(): Promise<void> {
    if (!this.file) return;
    try {
      const parsed = JSON.parse(await readFile(this.file, 'utf8')) as unknown;
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) this.verdicts = parsed as Record<ServerId, Verdict>;
    } catch {
      // Missing or unreadable: verdicts are an optimisation, start over with probing.
      this.verdicts = {};
    }
  }

  /** The usable verdict for this server and config, if any. */
  get(serverId: ServerId, entry: ServerConfigEntry, now = Date.now()): Verdict | undefined {
    const verdict = this.verdicts[serverId];
    if (!verdict || verdict.fingerprint !== configFingerprint(entry)) return undefined;
    if (verdict.prior?.kind === 'legacy' && now - verdict.savedAt > this.options.legacyMaxAgeMs) return undefined;
    if (verdict.prior?.kind !== 'legacy' && verdict.prior?.kind !== 'modern') return undefined;
    return verdict;
  }

  /**
   * Records the verdict at once (`get` sees it) and writes the file behind it: a connection does not wait for the
   * disk. Fifty servers connecting together each waited for its own atomic write (fsync included) behind all the
   * others' before it was connected; now the saves made while a write runs go to disk together in the next one.
   */
  save(serverId: ServerId, entry: ServerConfigEntry, prior: PriorDiscovery, transport: TransportKind): Verdict {
    const verdict: Verdict = { fingerprint: configFingerprint(entry), prior, transport, savedAt: Date.now() };
    this.verdicts[serverId] = verdict;
    void this.persist();
    return verdict;
  }

  async forget(serverId: ServerId): Promise<void> {
    if (!(serverId in this.verdicts)) return;
    delete this.verdicts[serverId];
    await this.persist();
  }

  /** Resolves once every verdict recorded so far is on disk (or its write failed and was reported). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** One write at a time, of the verdicts as they are when it starts; changes during a write make one more. */
  private persist(): Promise<void> {
    const file = this.file;
    if (!file) return Promise.resolve();
    this.dirty = true;
    this.writing ??= (async () => {
      while (this.dirty) {
        this.dirty = false;
        await writeFileAtomic(file, JSON.stringify(this.verdicts, null, 2)).catch(err => console.error('[engine] could not save era verdicts:', err));
      }
      this.writing = undefined;
    })();
    return this.writing;
  }
}
