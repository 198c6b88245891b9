// Fixed showcase resources at stable URIs: one of every content kind, a directory, an empty resource, a
// specification summary with an https:// icon, a 5 MB blob, and resources whose cache hints differ on purpose.
// Tests and UI checks rely on these URIs; they are documented in docs/reference-server.md.
import type { Resource } from '@modelcontextprotocol/server';
import { annotationsFor, REFERENCE_DATE_MS } from './catalog';
import { kindById } from './content-kinds';
import { CACHE, contentItem, textResult, type ResourceEntry } from './entry';
import { Rng } from './rng';

export const LARGE_BLOB_BYTES = 5 * 1024 * 1024 + 4096;
const SPEC_URI = 'ref://spec/2026-07-28';

const SAMPLE_FILES: ReadonlyArray<{ file: string; kind: string; title: string }> = [
  { file: 'readme.txt', kind: 'text', title: 'Plain text notes' },
  { file: 'guide.md', kind: 'markdown', title: 'Markdown guide' },
  { file: 'config.json', kind: 'json', title: 'JSON configuration' },
  { file: 'main.ts', kind: 'typescript', title: 'TypeScript source' },
  { file: 'analysis.py', kind: 'python', title: 'Python source' },
  { file: 'sales.csv', kind: 'csv', title: 'CSV table' },
  { file: 'page.html', kind: 'html', title: 'HTML page' },
  { file: 'logo.svg', kind: 'svg', title: 'SVG drawing' },
  { file: 'photo.png', kind: 'png', title: 'PNG image' },
  { file: 'report.pdf', kind: 'pdf', title: 'PDF report' },
  { file: 'chime.wav', kind: 'audio', title: 'WAV audio' },
  { file: 'data.bin', kind: 'binary', title: 'Arbitrary binary' }
];

const DIRECTORY_CHILDREN = ['readme.txt', 'guide.md', 'config.json'] as const;
const FOLDER_URI = 'ref://samples/folder';

/** The content of a child of ref://samples/folder: the sample of the same name. */
function folderChild(seed: number, uri: string) {
  const i = SAMPLE_FILES.findIndex(f => `${FOLDER_URI}/${f.file}` === uri);
  const kind = kindById(SAMPLE_FILES[i].kind);
  return contentItem(uri, kind.mime, kind.generate(Rng.for(seed, 1_000_000 + i, 2), SAMPLE_FILES[i].title));
}

/**
 * The children of ref://samples/folder, readable at their own URIs so a client that shows the folder as a
 * directory can open them. Not listed: the folder's read is their listing.
 */
export function folderChildEntries(seed: number): ResourceEntry[] {
  return DIRECTORY_CHILDREN.map(name => {
    const sample = SAMPLE_FILES.find(f => f.file === name)!;
    const uri = `${FOLDER_URI}/${name}`;
    return {
      meta: { uri, name, title: `${sample.title} (in folder)`, mimeType: kindById(sample.kind).mime },
      cache: CACHE.publicMinutes,
      read: () => ({ contents: [folderChild(seed, uri)] })
    };
  });
}

let largeBlob: Buffer | undefined;
function largeBlobBytes(seed: number): Buffer {
  largeBlob ??= new Rng(seed).bytes(LARGE_BLOB_BYTES);
  return largeBlob;
}

/** The large text is fixed-width log lines, so its size is known without building it at startup. */
const LARGE_TEXT_LINE = 64;
const LARGE_TEXT_LINES = Math.ceil(LARGE_BLOB_BYTES / LARGE_TEXT_LINE);
const LARGE_TEXT_BYTES = LARGE_TEXT_LINES * LARGE_TEXT_LINE;
let largeText: string | undefined;
/** About 5 MiB of log lines: a text big enough that a viewer which renders it whole would freeze. */
function largeTextBody(): string {
  if (largeText === undefined) {
    const lines: string[] = [];
    for (let n = 1; n <= LARGE_TEXT_LINES; n++) {
      const line = `${new Date(REFERENCE_DATE_MS + n * 1000).toISOString()} INFO worker-${n % 7} job ${n} ${(n * 37) % 1000} ms`;
      lines.push(line.padEnd(LARGE_TEXT_LINE - 1).slice(0, LARGE_TEXT_LINE - 1), '\n');
    }
    largeText = lines.join('');
  }
  return largeText;
}

function day(daysBefore: number): string {
  return new Date(REFERENCE_DATE_MS - daysBefore * 86_400_000).toISOString();
}

export function showcaseEntries(seed: number): ResourceEntry[] {
  const entries: ResourceEntry[] = SAMPLE_FILES.map(({ file, kind: kindId, title }, i) => {
    const kind = kindById(kindId);
    const uri = `ref://samples/${file}`;
    const content = () => kind.generate(Rng.for(seed, 1_000_000 + i, 2), title);
    const c = content();
    const meta: Resource = {
      uri, name: file, title, description: `Sample ${kind.id} content (${kind.mime})`, mimeType: kind.mime,
      size: 'text' in c ? Buffer.byteLength(c.text) : c.blob.length
    };
    const annotations = annotationsFor(Rng.for(seed, 1_000_000 + i, 1));
    if (annotations) meta.annotations = annotations;
    // The content carries the resource's annotations too. ResourceContents has no `annotations` field in either
    // schema (2025-11-25, 2026-07-28), nor does the SDK's: the SDK server sends it, the SDK client drops it, and
    // only clients that read the wire see it (docs/reference-server.md, Annotations).
    const read = () => ({ contents: [{ ...contentItem(uri, kind.mime, content()), ...(annotations ? { annotations } : {}) }] });
    return { meta, cache: CACHE.publicMinutes, read };
  });

  entries.push(
    {
      meta: {
        uri: FOLDER_URI, name: 'folder', title: 'A directory', mimeType: 'inode/directory',
        description: 'Directory-like resource: reading it returns one content item per child',
        annotations: { audience: ['user'], priority: 0.4, lastModified: day(3) }
      },
      cache: CACHE.publicMinute,
      // One content per child, each under its own URI (readable alone, see folderChildEntries) with its MIME type.
      read: () => ({ contents: DIRECTORY_CHILDREN.map(name => folderChild(seed, `${FOLDER_URI}/${name}`)) })
    },
    {
      meta: { uri: 'ref://samples/empty.txt', name: 'empty.txt', title: 'Empty file', mimeType: 'text/plain', size: 0, description: 'Exists, but has no content' },
      cache: CACHE.publicMinutes,
      read: uri => textResult(uri, 'text/plain', '')
    },
    {
      meta: {
        // Not https://: the spec keeps that scheme for resources a client can fetch from the web itself, and
        // this text is the server's own summary. The icon stays an https:// one on purpose.
        uri: SPEC_URI, name: 'mcp-specification', title: 'MCP specification (summary)',
        mimeType: 'text/markdown', description: 'The server\'s own summary of the 2026-07-28 specification (custom scheme; its icon is an https:// URL)',
        annotations: { audience: ['user', 'assistant'], priority: 0.9, lastModified: day(30) },
        icons: [{ src: 'https://modelcontextprotocol.io/favicon.ico', mimeType: 'image/x-icon' }]
      },
      cache: CACHE.publicLong,
      read: uri => textResult(uri, 'text/markdown', '# Model Context Protocol 2026-07-28\n\nStateless requests with a per-request `_meta` envelope, `server/discover`, `subscriptions/listen`, multi-round-trip input (`input_required`) and cache hints (`ttlMs`, `cacheScope`).\n')
    },
    {
      meta: {
        uri: 'ref://samples/large.bin', name: 'large.bin', title: 'Large blob (5 MB)', mimeType: 'application/octet-stream',
        size: LARGE_BLOB_BYTES, description: 'A blob of a little over 5 MiB', annotations: { audience: ['user'], priority: 0.1 }
      },
      cache: CACHE.publicLong,
      read: uri => ({ contents: [contentItem(uri, 'application/octet-stream', { blob: largeBlobBytes(seed) })] })
    },
    {
      meta: {
        uri: 'ref://samples/large.log', name: 'large.log', title: 'Large text (5 MB)', mimeType: 'text/plain',
        size: LARGE_TEXT_BYTES, description: 'About 5 MiB of log lines', annotations: { audience: ['user'], priority: 0.1 }
      },
      cache: CACHE.publicLong,
      read: uri => textResult(uri, 'text/plain', largeTextBody())
    }
  );

  let reads = 0;
  entries.push(
    {
      meta: {
        uri: 'ref://cache/every-read', name: 'every-read', title: 'Changes on every read', mimeType: 'application/json',
        description: 'Each server-side read returns a new read number; cached for 10 s (public), so a client cache hit is visible'
      },
      cache: CACHE.publicShort,
      read: uri => textResult(uri, 'application/json', JSON.stringify({ read: ++reads, servedAt: new Date().toISOString() }))
    },
    {
      meta: { uri: 'ref://cache/no-store', name: 'no-store', title: 'Never cache (ttlMs 0)', mimeType: 'text/plain', description: 'ttlMs: 0, so every read goes to the server' },
      cache: CACHE.noStore,
      read: uri => textResult(uri, 'text/plain', `Read at ${new Date().toISOString()}`)
    },
    {
      meta: { uri: 'ref://cache/private-short', name: 'private-short', title: 'Private, short-lived', mimeType: 'text/plain', description: 'cacheScope private, ttlMs 5000' },
      cache: CACHE.privateShort,
      read: uri => textResult(uri, 'text/plain', `Private data for the caller, read at ${new Date().toISOString()}`)
    },
    {
      meta: { uri: 'ref://cache/public-long', name: 'public-long', title: 'Public, long-lived', mimeType: 'text/plain', description: 'cacheScope public, ttlMs one hour' },
      cache: CACHE.publicLong,
      read: uri => textResult(uri, 'text/plain', 'This text never changes.')
    }
  );
  return entries;
}
