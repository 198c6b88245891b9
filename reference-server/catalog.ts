// The generated catalog: `--resources N` items at `ref://catalog/<index>`, produced on demand from (seed,
// index). Nothing is built at startup, so 100,000 items cost nothing until a page of them is listed.
import type { Annotations, Icon, Resource } from '@modelcontextprotocol/server';
import { KINDS, byteLength, type ContentKind, type GeneratedContent } from './content-kinds';
import { CACHE, contentItem, type ResourceEntry } from './entry';
import { Rng, WORDS } from './rng';

export const CATALOG_PREFIX = 'ref://catalog/';
/** lastModified dates spread over the year before this instant (fixed, so output is deterministic). */
export const REFERENCE_DATE_MS = Date.UTC(2026, 5, 30);
const YEAR_MS = 365 * 24 * 3600 * 1000;
const AUDIENCES: ReadonlyArray<Annotations['audience']> = [['user'], ['assistant'], ['user', 'assistant']];
const READ_HINTS = [CACHE.publicMinutes, CACHE.publicMinute, CACHE.privateMinute] as const;

function kindIcon(kind: ContentKind): Icon {
  const letter = kind.ext.slice(0, 3).toUpperCase();
  const hue = (KINDS.indexOf(kind) * 360) / KINDS.length;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="hsl(${Math.round(hue)},60%,45%)"/><text x="16" y="20" font-size="10" text-anchor="middle" fill="#fff">${letter}</text></svg>`;
  return { src: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, mimeType: 'image/svg+xml', sizes: ['any'] };
}
const ICONS = new Map(KINDS.map(k => [k, kindIcon(k)]));

export function annotationsFor(rng: Rng): Annotations | undefined {
  if (rng.next() < 0.15) return undefined; // some items carry no annotations at all
  const a: Annotations = {};
  if (rng.next() < 0.9) a.audience = rng.pick(AUDIENCES);
  if (rng.next() < 0.9) a.priority = Math.round(rng.next() * 100) / 100;
  if (rng.next() < 0.9) a.lastModified = new Date(REFERENCE_DATE_MS - Math.floor(rng.next() * YEAR_MS)).toISOString();
  return a;
}

export class Catalog {
  /** Content sizes are computed once per item on first listing (0 = not yet known). */
  private readonly sizes: Uint32Array;

  constructor(readonly size: number, private readonly seed: number) {
    this.sizes = new Uint32Array(size);
  }

  kindOf(index: number): ContentKind {
    return KINDS[index % KINDS.length];
  }

  /** The catalog index a URI names, or undefined when it is not a catalog URI in range. */
  indexOf(uri: string): number | undefined {
    if (!uri.startsWith(CATALOG_PREFIX)) return undefined;
    const rest = uri.slice(CATALOG_PREFIX.length);
    if (!/^(0|[1-9]\d*)$/.test(rest)) return undefined;
    const i = Number(rest);
    return i < this.size ? i : undefined;
  }

  private label(index: number): { words: [string, string]; label: string } {
    const rng = Rng.for(this.seed, index, 7);
    const words: [string, string] = [rng.pick(WORDS), rng.pick(WORDS)];
    return { words, label: `${words[0][0].toUpperCase()}${words[0].slice(1)} ${words[1]} #${index}` };
  }

  /** The item's `name` alone: no content, size or annotations are generated for it (search scans thousands). */
  name(index: number): string {
    const { words } = this.label(index);
    return `${words[0]}-${words[1]}-${index}.${this.kindOf(index).ext}`;
  }

  content(index: number): GeneratedContent {
    return this.kindOf(index).generate(Rng.for(this.seed, index, 2), this.label(index).label);
  }

  private contentSize(index: number): number {
    if (this.sizes[index] === 0) {
      const kind = this.kindOf(index);
      this.sizes[index] = kind.sizeWithoutGenerating
        ? kind.sizeWithoutGenerating(Rng.for(this.seed, index, 2))
        : byteLength(this.content(index));
    }
    return this.sizes[index];
  }

  meta(index: number): Resource {
    const kind = this.kindOf(index);
    const { words, label } = this.label(index);
    const rng = Rng.for(this.seed, index, 1);
    const r: Resource = {
      uri: CATALOG_PREFIX + index,
      name: this.name(index),
      title: label,
      description: `${kind.id} sample about ${words[0]} and ${words[1]}`,
      mimeType: kind.mime,
      size: this.contentSize(index)
    };
    const annotations = annotationsFor(rng);
    if (annotations) r.annotations = annotations;
    if (index % 5 === 0) r.icons = [ICONS.get(kind)!];
    return r;
  }

  entry(index: number): ResourceEntry {
    const kind = this.kindOf(index);
    return {
      meta: this.meta(index),
      cache: READ_HINTS[index % READ_HINTS.length],
      read: uri => ({ contents: [contentItem(uri, kind.mime, this.content(index))] })
    };
  }
}
