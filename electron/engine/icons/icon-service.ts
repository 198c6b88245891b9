// `icons.get`: one icon of one server as a data: URI the page can show under its CSP (which loads no
// network images), or a refusal saying why. Order of checks: the URL (https:, the server's origin), the
// engine's cache, then one fetch shared by every caller asking for the same icon meanwhile, then the
// bytes (allowlisted image type by magic bytes, dimensions within bounds; the Content-Type is advisory and
// must not contradict it). Fetches run at most `perOrigin` at a time per origin; the rest wait, and the wait
// does not count against their deadline.
import { ICON_MIME, checkIconBytes } from '../../../shared/icons/icon-image-type';
import { MAX_ICON_BYTES } from '../../../shared/icons/icon-source';
import type { ServerConfigEntry, ServerId } from '../../../shared/contract';
import { IconCache, type HeldAnswer, type IconAnswer, type IconCacheLimits } from './icon-cache';
import { checkIconUrl, iconOriginOf, type IconOrigin } from './icon-origin';
import { iconRefusal, refusalException } from './icon-refusal';
import { IconFetcher, type IconFetchLimits, type IconTls } from './fetch-icon-bytes';
import { OriginLimiter } from './origin-limiter';

export type IconLimits = IconFetchLimits & IconCacheLimits;

const defaultIconLimits: IconLimits = {
  maxBytes: MAX_ICON_BYTES,
  timeoutMs: 5_000,
  perOrigin: 4,
  // A favicon moved within its own site (e.g. /favicon.ico → /static/favicon.ico) still works.
  maxRedirects: 3,
  maxEntries: 2_000,
  maxChars: 16 * 1024 * 1024,
  transientTtlMs: 60_000
};

export interface IconServiceDeps {
  /** The server's config entry; throws (unknown_server) for a server that is not configured. */
  entryOf(serverId: ServerId): ServerConfigEntry;
  limits?: Partial<IconLimits>;
  tls?: IconTls;
  now?: () => number;
}

export class IconService {
  private readonly cache: IconCache;
  private readonly fetcher: IconFetcher;
  private readonly limiter: OriginLimiter;
  private readonly now: () => number;
  private readonly inFlight = new Map<string, Promise<HeldAnswer>>();

  constructor(private readonly deps: IconServiceDeps) {
    const limits = { ...defaultIconLimits, ...deps.limits };
    this.cache = new IconCache(limits, deps.now);
    this.fetcher = new IconFetcher(limits, deps.tls);
    this.limiter = new OriginLimiter(limits.perOrigin);
    this.now = deps.now ?? Date.now;
  }

  /** The icon as a data: URI; throws an AppErrorException (data `{ iconRefused: true }`) when refused. */
  async get(serverId: ServerId, src: string): Promise<{ dataUri: string }> {
    const origin = iconOriginOf(this.deps.entryOf(serverId));
    // The origin is part of the key: a server whose config now points elsewhere gets fresh answers.
    const key = JSON.stringify([serverId, origin.kind === 'origin' ? origin.origin : '', src]);
    let held = this.cache.get(key);
    if (!held) {
      let pending = this.inFlight.get(key);
      if (!pending) {
        // Cached once, by the shared fetch itself, however many callers wait on it.
        pending = this.resolve(src, origin)
          .then(answer => this.cache.set(key, answer))
          .finally(() => this.inFlight.delete(key));
        this.inFlight.set(key, pending);
      }
      held = await pending;
    }
    const { answer, expiresAt } = held;
    // A transient refusal tells when the cache forgets it: asking again before then gets the same answer.
    if ('refusal' in answer) throw refusalException(answer.refusal, Math.max(1, expiresAt - this.now()));
    return { dataUri: answer.dataUri };
  }

  private async resolve(src: string, origin: IconOrigin): Promise<IconAnswer> {
    const checked = checkIconUrl(src, origin);
    if (!(checked instanceof URL)) return { refusal: iconRefusal(checked.code, checked.reason) };
    const fetched = await this.limiter.run(checked.origin, () => this.fetcher.fetch(checked, target => checkIconUrl(target, origin)));
    if (!fetched.ok) return { refusal: fetched.refusal };
    const verdict = checkIconBytes(fetched.bytes, fetched.contentType);
    if (!verdict.ok) return { refusal: iconRefusal(verdict.tooLarge ? 'too_large' : 'unsupported', verdict.reason) };
    return { dataUri: `data:${ICON_MIME[verdict.type]};base64,${fetched.bytes.toString('base64')}` };
  }

  close(): void {
    this.fetcher.close();
  }
}
