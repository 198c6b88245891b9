// Everything the server serves, in one place: the fixed entries (showcase, live, MRTR, failures, conformance),
// the generated catalog, the ephemeral live resource, and the templates. It answers list pages, reads and
// completions; the MCP wiring around it lives in server-factory.ts.
import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError, type CompleteResult, type Resource, type ServerContext } from '@modelcontextprotocol/server';
import type { Catalog } from './catalog';
import { completionOf } from './completion';
import type { ReadOutcome, ResourceEntry } from './entry';
import type { LiveResources } from './live';
import { invalidParams } from './errors';
import { decodeCursor, encodeCursor, page } from './pagination';
import type { TemplateEntry, TemplateMeta } from './templates';
import { isUri } from './uri-template';
import type { CacheHint } from '@modelcontextprotocol/server';

const notAUri = (uri: string) => invalidParams('Not a URI (RFC 3986)', { uri, reason: 'malformed-uri' });

export interface ReadAnswer {
  outcome: ReadOutcome;
  cache: CacheHint;
}

export interface RegistryParts {
  /** Listed first, in this order. */
  fixed: readonly ResourceEntry[];
  /** Readable at their URIs but not listed (the children of ref://samples/folder). */
  unlisted: readonly ResourceEntry[];
  catalog: Catalog;
  /** Listed after the catalog: the sandbox's directories and files, which change with the disk. */
  sandbox: { resources(): readonly Resource[] };
  live: LiveResources;
  templates: readonly TemplateEntry[];
  pageSize: number;
  templatePageSize: number;
  /** Distinguishes cursors of differently configured servers. */
  fingerprint: string;
}

export class Registry {
  private readonly byUri: Map<string, ResourceEntry>;
  private readonly fixed: readonly ResourceEntry[];
  private readonly catalog: Catalog;
  private readonly sandbox: { resources(): readonly Resource[] };
  private readonly live: LiveResources;
  private readonly templates: readonly TemplateEntry[];
  private readonly pageSize: number;
  private readonly templatePageSize: number;
  private readonly fingerprint: string;

  constructor(parts: RegistryParts) {
    this.fixed = parts.fixed;
    this.catalog = parts.catalog;
    this.sandbox = parts.sandbox;
    this.live = parts.live;
    this.templates = parts.templates;
    this.pageSize = parts.pageSize;
    this.templatePageSize = parts.templatePageSize;
    this.fingerprint = parts.fingerprint;
    const entries = [...parts.fixed, ...parts.unlisted];
    this.byUri = new Map(entries.map(e => [e.meta.uri, e]));
    if (this.byUri.size !== entries.length) throw new Error('duplicate fixed resource URIs');
  }

  /**
   * Fixed entries first, then the catalog, then the sandbox's files, then the ephemeral resource when present:
   * what comes and goes is at the end, so fixed and catalog offsets never shift.
   */
  get resourceCount(): number {
    return this.fixed.length + this.catalog.size + this.sandbox.resources().length + (this.live.ephemeral() ? 1 : 0);
  }

  private resourceAt(i: number, files: readonly Resource[]): Resource {
    if (i < this.fixed.length) return this.fixed[i].meta;
    const c = i - this.fixed.length;
    if (c < this.catalog.size) return this.catalog.meta(c);
    const f = c - this.catalog.size;
    if (f < files.length) return files[f];
    return this.live.ephemeral()!.meta;
  }

  listResources(cursor: string | undefined): { resources: Resource[]; nextCursor?: string } {
    const files = this.sandbox.resources();
    const total = this.fixed.length + this.catalog.size + files.length + (this.live.ephemeral() ? 1 : 0);
    const offset = decodeCursor(cursor, 'resources', this.fingerprint, total);
    const p = page((from, to) => {
      const out: Resource[] = [];
      for (let i = from; i < to; i++) out.push(this.resourceAt(i, files));
      return out;
    }, total, offset, this.pageSize, o => encodeCursor('resources', o, this.fingerprint));
    return { resources: p.items, ...(p.nextCursor ? { nextCursor: p.nextCursor } : {}) };
  }

  listTemplates(cursor: string | undefined): { resourceTemplates: TemplateMeta[]; nextCursor?: string } {
    const total = this.templates.length;
    const offset = decodeCursor(cursor, 'templates', this.fingerprint, total);
    const p = page((from, to) => this.templates.slice(from, to).map(t => t.meta), total, offset, this.templatePageSize,
      o => encodeCursor('templates', o, this.fingerprint));
    return { resourceTemplates: p.items, ...(p.nextCursor ? { nextCursor: p.nextCursor } : {}) };
  }

  private entryFor(uri: string): ResourceEntry | undefined {
    const fixed = this.byUri.get(uri);
    if (fixed) return fixed;
    const index = this.catalog.indexOf(uri);
    if (index !== undefined) return this.catalog.entry(index);
    const eph = this.live.ephemeral();
    return eph && eph.meta.uri === uri ? eph : undefined;
  }

  async read(uri: string, ctx: ServerContext): Promise<ReadAnswer> {
    if (!isUri(uri)) throw notAUri(uri);
    const entry = this.entryFor(uri);
    if (entry) return { outcome: await entry.read(uri, ctx), cache: entry.cache };
    for (const t of this.templates) {
      const vars = t.match(uri);
      if (!vars) continue;
      t.check(uri, vars);
      return { outcome: await t.read(uri, vars, ctx), cache: t.cache };
    }
    throw new ResourceNotFoundError(uri);
  }

  /**
   * Returns when `uri` names something this server serves (a fixed or catalog resource, the ephemeral one while
   * present, a template match that would read, a sandbox file or directory); otherwise throws what a read would
   * (ResourceNotFoundError, or -32602 with a reason such as `malformed-uri`), reading nothing. Watch requests
   * (resources/subscribe, subscriptions/listen) are checked with it.
   */
  checkWatchable(uri: string): void {
    if (!isUri(uri)) throw notAUri(uri);
    const entry = this.entryFor(uri);
    if (entry && !entry.missing) return;
    if (entry) throw new ResourceNotFoundError(uri);
    for (const t of this.templates) {
      const vars = t.match(uri);
      if (vars) return t.check(uri, vars);
    }
    throw new ResourceNotFoundError(uri);
  }

  async complete(templateUri: string, argument: string, value: string, args: Record<string, string>): Promise<CompleteResult['completion']> {
    const t = this.templates.find(x => x.meta.uriTemplate === templateUri);
    if (!t) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown resource template ${JSON.stringify(templateUri)}`);
    const completer = t.complete[argument];
    if (!completer) return completionOf([], 0);
    return completer(value, args);
  }
}
