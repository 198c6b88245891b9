// Resource templates (RFC 6570) with their readers and per-argument completion. One multi-variable template
// whose second argument completes from the first, a `{+path}` reserved expansion, a `{?q,limit}` query form, the
// catalog by index, and the conformance suite's fixture template. The file sandbox template lives in sandbox.ts.
import { ResourceNotFoundError, type CompleteResult, type ListResourceTemplatesResult, type ServerContext } from '@modelcontextprotocol/server';
import { CATALOG_PREFIX, type Catalog } from './catalog';
import { completeIndex, completionFrom } from './completion';
import { CACHE, textResult, type ReadOutcome } from './entry';
import { invalidParams } from './errors';
import type { CacheHint } from '@modelcontextprotocol/server';
import { Rng, WORDS, sentence } from './rng';
import { compileUriTemplate, type TemplateVariables, type UriMatcher } from './uri-template';

export type TemplateMeta = ListResourceTemplatesResult['resourceTemplates'][number];
type Completer = (value: string, args: TemplateVariables) => CompleteResult['completion'] | Promise<CompleteResult['completion']>;

export interface TemplateEntry {
  meta: TemplateMeta;
  cache: CacheHint;
  match: UriMatcher;
  /**
   * Throws what a read would when the matched URI names nothing (ResourceNotFoundError) or is invalid (-32602
   * with a reason), without producing anything; the registry calls it before `read`, and alone to validate a
   * URI a client wants to watch.
   */
  check(uri: string, vars: TemplateVariables): void;
  read(uri: string, vars: TemplateVariables, ctx: ServerContext): ReadOutcome | Promise<ReadOutcome>;
  /** One completer per template variable. */
  complete: Record<string, Completer>;
}

export function template(meta: TemplateMeta, rest: Omit<TemplateEntry, 'meta' | 'match' | 'check'> & Partial<Pick<TemplateEntry, 'check'>>): TemplateEntry {
  return { meta, match: compileUriTemplate(meta.uriTemplate), check: () => undefined, ...rest };
}

const ORGS = ['acme', 'globex', 'hooli', 'initech', 'stark', 'umbrella'] as const;
const FIRST = ['ada', 'alan', 'barbara', 'claude', 'donald', 'edsger', 'frances', 'grace', 'john', 'ken', 'linus', 'margaret', 'niklaus', 'radia', 'tim'];
const LAST = ['baker', 'chen', 'diaz', 'evans', 'fischer', 'garcia', 'hopper', 'ito', 'jones', 'kumar'];

/** 150 users per organisation, in an order that differs per organisation (so completion visibly depends on it). */
export function usersOf(org: string): string[] {
  const all = FIRST.flatMap(f => LAST.map(l => `${f}.${l}`));
  const rng = Rng.for(ORGS.indexOf(org as (typeof ORGS)[number]) + 1, 99);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all;
}

const isOrg = (org: string): org is (typeof ORGS)[number] => ORGS.includes(org as (typeof ORGS)[number]);

const DOC_PATHS = [
  'index.md', 'guides/getting-started.md', 'guides/templates.md', 'guides/subscriptions.md', 'guides/caching.md',
  'reference/api/resources.md', 'reference/api/completion.md', 'reference/errors.md', 'changelog/2025.md', 'changelog/2026.md'
] as const;

/** The documentation page a `{+path}` names, or not found. */
function docPage(uri: string, path: string): (typeof DOC_PATHS)[number] {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    throw new ResourceNotFoundError(uri);
  }
  if (!DOC_PATHS.includes(decoded as (typeof DOC_PATHS)[number])) throw new ResourceNotFoundError(uri);
  return decoded as (typeof DOC_PATHS)[number];
}

const SEARCH_SCAN_LIMIT = 5000;
const LIMIT_VALUES = ['5', '10', '20', '50', '100'];
const LIMIT_MIN = 1;
const LIMIT_MAX = 100;

/** The search `limit` as a number, or -32602 naming what is wrong with it (`data.reason`, `requested`, `min`, `max`). */
function searchLimit(uri: string, raw: string): number {
  const reason = !/^\d+$/.test(raw) ? 'limit-not-an-integer'
    : Number(raw) < LIMIT_MIN ? 'limit-too-small'
    : Number(raw) > LIMIT_MAX ? 'limit-too-large'
    : undefined;
  if (reason === undefined) return Number(raw);
  throw invalidParams(`limit must be an integer from ${LIMIT_MIN} to ${LIMIT_MAX}, got ${JSON.stringify(raw)}`, {
    uri, reason, requested: raw, min: LIMIT_MIN, max: LIMIT_MAX
  });
}

export function coreTemplates(catalog: Catalog, seed: number): TemplateEntry[] {
  return [
    template(
      {
        uriTemplate: 'ref://users/{org}/{user}/profile', name: 'user-profile', title: 'User profile',
        description: 'A user of an organisation; `user` completes from the chosen `org`', mimeType: 'application/json',
        annotations: { audience: ['user'], priority: 0.7, lastModified: '2026-06-15T08:30:00.000Z' }
      },
      {
        cache: CACHE.privateMinute,
        check: (uri, { org, user }) => {
          if (!isOrg(org) || !usersOf(org).includes(user)) throw new ResourceNotFoundError(uri);
        },
        read: (uri, { org, user }) => {
          const rng = Rng.for(seed, ORGS.indexOf(org as (typeof ORGS)[number]), usersOf(org).indexOf(user));
          return textResult(uri, 'application/json', JSON.stringify({ org, user, role: rng.pick(['admin', 'editor', 'viewer']), bio: sentence(rng) }, null, 2));
        },
        complete: {
          org: value => completionFrom(ORGS, value),
          user: (value, args) => (args.org && isOrg(args.org) ? completionFrom(usersOf(args.org), value) : completionFrom([], value))
        }
      }
    ),
    template(
      {
        uriTemplate: 'ref://docs/{+path}', name: 'docs', title: 'Documentation page',
        description: 'Reserved expansion: `path` may contain slashes', mimeType: 'text/markdown',
        annotations: { audience: ['user', 'assistant'], priority: 0.5, lastModified: '2026-05-01T12:00:00.000Z' }
      },
      {
        cache: CACHE.publicMinutes,
        check: (uri, { path }) => {
          docPage(uri, path);
        },
        read: (uri, { path }) => {
          const decoded = docPage(uri, path);
          const rng = Rng.for(seed, DOC_PATHS.indexOf(decoded), 5);
          return textResult(uri, 'text/markdown', `# ${decoded}\n\n${sentence(rng)} ${sentence(rng)}\n\nSee also [index](ref://docs/index.md).\n`);
        },
        complete: { path: value => completionFrom(DOC_PATHS, value) }
      }
    ),
    template(
      {
        uriTemplate: 'ref://search{?q,limit}', name: 'search', title: 'Search the catalog',
        description: `Form-style query: names among the first ${SEARCH_SCAN_LIMIT} catalog items containing q; limit ${LIMIT_MIN}-${LIMIT_MAX} (default 10)`,
        mimeType: 'application/json',
        annotations: { audience: ['assistant'], priority: 0.4, lastModified: '2026-06-30T00:00:00.000Z' }
      },
      {
        // The same names for everyone, from a catalog that never changes while the server runs.
        cache: CACHE.publicMinutes,
        check: (uri, { limit = '10' }) => {
          searchLimit(uri, limit);
        },
        read: (uri, { q = '', limit: rawLimit = '10' }) => {
          const limit = searchLimit(uri, rawLimit);
          const needle = q.toLowerCase();
          const results: Array<{ uri: string; name: string }> = [];
          for (let i = 0; i < Math.min(catalog.size, SEARCH_SCAN_LIMIT) && results.length < limit; i++) {
            const name = catalog.name(i);
            if (name.includes(needle)) results.push({ uri: CATALOG_PREFIX + i, name });
          }
          return textResult(uri, 'application/json', JSON.stringify({ q, limit, results }, null, 2));
        },
        complete: { q: value => completionFrom(WORDS, value), limit: value => completionFrom(LIMIT_VALUES, value) }
      }
    ),
    template(
      {
        uriTemplate: 'ref://catalog/{index}', name: 'catalog-item', title: 'Catalog item by index',
        description: `Any of the ${catalog.size} generated items; index completion reports the total`,
        annotations: { audience: ['assistant'], priority: 0.2, lastModified: '2026-06-30T00:00:00.000Z' }
      },
      {
        cache: CACHE.publicMinute,
        // Valid indexes are served as plain resources before templates are consulted, so anything reaching
        // this template is out of range or malformed.
        check: uri => {
          throw new ResourceNotFoundError(uri);
        },
        read: uri => {
          throw new ResourceNotFoundError(uri);
        },
        complete: { index: value => completeIndex(value, catalog.size) }
      }
    ),
    template(
      {
        uriTemplate: 'test://template/{id}/data', name: 'conformance-template', title: 'Conformance: template',
        description: 'Fixture of the conformance suite: echoes id', mimeType: 'application/json'
      },
      {
        cache: CACHE.publicMinute,
        read: (uri, { id }) => textResult(uri, 'application/json', JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` })),
        complete: { id: value => completionFrom(['123', '456', '789'], value) }
      }
    )
  ];
}
