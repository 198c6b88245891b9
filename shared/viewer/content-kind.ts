// How the viewer previews one content part, decided from its MIME type and, failing that, its URI's
// extension. Server-declared types are untrusted: whatever the kind, HTML and SVG never run script and
// unknown bytes are only ever shown as hex.

export type PreviewKind =
  | 'markdown'
  | 'json'
  | 'csv'
  | 'html'
  | 'svg'
  | 'image'
  | 'audio'
  | 'video'
  | 'pdf'
  | 'code'
  | 'text'
  | 'binary';

/** Kinds that render something other than their source text; these offer "view source". */
export const renderedKinds: ReadonlySet<PreviewKind> = new Set(['markdown', 'json', 'csv', 'html', 'svg']);

export function baseMime(mimeType: string | undefined): string {
  return (mimeType ?? '').split(';')[0].trim().toLowerCase();
}

function extensionOf(uri: string): string {
  const path = uri.split(/[?#]/)[0];
  const leaf = path.slice(path.lastIndexOf('/') + 1);
  const dot = leaf.lastIndexOf('.');
  return dot > 0 ? leaf.slice(dot + 1).toLowerCase() : '';
}

/** highlight.js language names by extension and by MIME subtype. */
const languageByExtension: Record<string, string> = {
  ts: 'typescript', tsx: 'typescript', mts: 'typescript', cts: 'typescript',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'javascript',
  py: 'python', rb: 'ruby', go: 'go', rs: 'rust', java: 'java', kt: 'kotlin', swift: 'swift',
  c: 'c', h: 'c', cc: 'cpp', cpp: 'cpp', hpp: 'cpp', cs: 'csharp', php: 'php',
  sh: 'bash', bash: 'bash', zsh: 'bash', ps1: 'powershell', sql: 'sql',
  yaml: 'yaml', yml: 'yaml', toml: 'ini', ini: 'ini', xml: 'xml', css: 'css', scss: 'scss',
  json: 'json', md: 'markdown', diff: 'diff', patch: 'diff', dockerfile: 'dockerfile', graphql: 'graphql'
};

const languageByMime: Record<string, string> = {
  'application/javascript': 'javascript', 'text/javascript': 'javascript',
  'application/typescript': 'typescript', 'text/typescript': 'typescript', 'text/x-typescript': 'typescript',
  'text/x-python': 'python', 'application/x-python': 'python', 'text/x-go': 'go', 'text/x-rust': 'rust',
  'text/x-java': 'java', 'text/x-java-source': 'java', 'text/x-c': 'c', 'text/x-c++': 'cpp', 'text/x-csharp': 'csharp',
  'application/x-sh': 'bash', 'text/x-shellscript': 'bash', 'application/sql': 'sql', 'text/x-sql': 'sql',
  'application/yaml': 'yaml', 'text/yaml': 'yaml', 'application/x-yaml': 'yaml', 'application/toml': 'ini',
  'application/xml': 'xml', 'text/xml': 'xml', 'text/css': 'css', 'text/x-diff': 'diff', 'application/graphql': 'graphql',
  'application/json': 'json'
};

export function languageFor(mimeType: string | undefined, uri: string): string | undefined {
  return languageByMime[baseMime(mimeType)] ?? languageByExtension[extensionOf(uri)];
}

const kindByExtension: Record<string, PreviewKind> = {
  md: 'markdown', markdown: 'markdown', json: 'json', csv: 'csv', html: 'html', htm: 'html', svg: 'svg',
  png: 'image', jpg: 'image', jpeg: 'image', gif: 'image', webp: 'image', avif: 'image', bmp: 'image', ico: 'image',
  mp3: 'audio', wav: 'audio', ogg: 'audio', oga: 'audio', flac: 'audio', m4a: 'audio',
  mp4: 'video', webm: 'video', pdf: 'pdf', txt: 'text', log: 'text'
};

/** Image types the browser decodes without running anything (SVG is handled on its own). */
const imageMimes = /^image\/(png|jpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)$/;

function kindFromMime(mime: string): PreviewKind | undefined {
  if (mime === 'text/markdown' || mime === 'text/x-markdown') return 'markdown';
  if (mime === 'application/json' || mime.endsWith('+json')) return 'json';
  if (mime === 'text/csv' || mime === 'text/tab-separated-values') return 'csv';
  if (mime === 'text/html' || mime === 'application/xhtml+xml') return 'html';
  if (mime === 'image/svg+xml') return 'svg';
  if (imageMimes.test(mime)) return 'image';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  if (mime === 'application/pdf') return 'pdf';
  if (languageByMime[mime]) return 'code';
  if (mime.startsWith('text/')) return 'text';
  return undefined;
}

/** True when a blob of this type is text and may be decoded as UTF-8 for display. */
export function isTextual(kind: PreviewKind): boolean {
  return kind === 'markdown' || kind === 'json' || kind === 'csv' || kind === 'html' || kind === 'svg' || kind === 'code' || kind === 'text';
}

export function previewKind(part: { mimeType?: string; uri: string; kind: 'text' | 'blob' }): PreviewKind {
  const mime = baseMime(part.mimeType);
  const fromExtension = kindByExtension[extensionOf(part.uri)] ?? (languageByExtension[extensionOf(part.uri)] ? 'code' : undefined);
  const fromMime = kindFromMime(mime);
  // A generic or missing type says little; the extension is a better guess then.
  const generic = mime === '' || mime === 'application/octet-stream' || mime === 'text/plain';
  const kind = (generic ? fromExtension ?? fromMime : fromMime ?? fromExtension) ?? (part.kind === 'text' ? 'text' : 'binary');
  // Text content cannot be an image, audio or PDF; a blob claiming to be text is decoded as text.
  if (part.kind === 'text' && (kind === 'image' || kind === 'audio' || kind === 'video' || kind === 'pdf')) return 'text';
  return kind;
}
