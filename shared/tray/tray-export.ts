// Context tray maths and export: total size, an estimated token count, and the chosen resources as
// Markdown or JSON (uri, mimeType, text or base64 blob, annotations), in tray order.
import type { Annotations, ContentPart, ResourceItem } from '../contract';
import { languageFor } from '../viewer/content-kind';

export interface TrayEntry {
  item: ResourceItem;
  /** The read contents; undefined while reading or when the read failed. */
  contents?: readonly ContentPart[];
}

/**
 * Rough token estimate: about 4 characters per token, the usual ratio of BPE tokenizers on English prose
 * and code. Blobs count as their base64 text, which is how they travel in an export.
 */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

export interface TrayTotals {
  /** Content bytes (text as UTF-8, blobs decoded). */
  bytes: number;
  tokens: number;
  /** Entries whose contents are not (yet) known. */
  pending: number;
}

export function trayTotals(entries: readonly TrayEntry[]): TrayTotals {
  let bytes = 0;
  let chars = 0;
  let pending = 0;
  for (const entry of entries) {
    if (!entry.contents) {
      pending++;
      continue;
    }
    for (const part of entry.contents) {
      if (part.kind === 'text') {
        bytes += utf8Length(part.text);
        chars += part.text.length;
      } else {
        bytes += part.size;
        chars += part.blob.length;
      }
    }
  }
  return { bytes, tokens: estimateTokens(chars), pending };
}

interface ExportedContent {
  serverId: string;
  uri: string;
  name: string;
  title?: string;
  mimeType?: string;
  annotations?: Annotations;
  text?: string;
  /** Base64 bytes of a binary content. */
  blob?: string;
}

/** Thrown when some entry has no contents yet: exporting would silently drop it. */
export class IncompleteTrayError extends Error {
  constructor(readonly uris: string[]) {
    super(`Not read yet: ${uris.join(', ')}`);
    this.name = 'IncompleteTrayError';
  }
}

function flatten(entries: readonly TrayEntry[]): ExportedContent[] {
  const missing = entries.filter(e => !e.contents).map(e => e.item.uri);
  if (missing.length) throw new IncompleteTrayError(missing);
  const out: ExportedContent[] = [];
  for (const { item, contents } of entries) {
    for (const part of contents ?? []) {
      const annotations = part.annotations ?? item.annotations;
      out.push({
        serverId: item.serverId,
        uri: part.uri,
        name: item.name,
        ...(item.title ? { title: item.title } : {}),
        ...(part.mimeType ?? item.mimeType ? { mimeType: part.mimeType ?? item.mimeType } : {}),
        ...(annotations ? { annotations } : {}),
        ...(part.kind === 'text' ? { text: part.text } : { blob: part.blob })
      });
    }
  }
  return out;
}

export function exportJson(entries: readonly TrayEntry[]): string {
  return `${JSON.stringify({ resources: flatten(entries) }, null, 2)}\n`;
}

/** A code fence longer than any backtick run inside the text, so content can never close it early. */
function fenceFor(text: string): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return '`'.repeat(Math.max(3, longest + 1));
}

function annotationLine(a: Annotations | undefined): string | undefined {
  if (!a) return undefined;
  const parts: string[] = [];
  if (Array.isArray(a.audience) && a.audience.length) parts.push(`audience: ${a.audience.join(', ')}`);
  if (typeof a.priority === 'number') parts.push(`priority: ${a.priority}`);
  if (typeof a.lastModified === 'string') parts.push(`lastModified: ${a.lastModified}`);
  return parts.length ? parts.join('; ') : undefined;
}

/** Markdown inline text: no line breaks, no raw HTML, no accidental emphasis or links. */
function inline(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/([\\`*_[\]<>#|])/g, '\\$1');
}

export function exportMarkdown(entries: readonly TrayEntry[]): string {
  const contents = flatten(entries);
  const lines: string[] = [`# Context: ${contents.length} ${contents.length === 1 ? 'resource' : 'resources'}`, ''];
  for (const c of contents) {
    lines.push(`## ${inline(c.title || c.name || c.uri)}`, '');
    lines.push(`- URI: <${c.uri.replace(/[<>\s]/g, encodeURIComponent)}>`);
    lines.push(`- Server: ${inline(c.serverId)}`);
    if (c.mimeType) lines.push(`- MIME type: ${inline(c.mimeType)}`);
    const annotations = annotationLine(c.annotations);
    if (annotations) lines.push(`- Annotations: ${inline(annotations)}`);
    lines.push('');
    const body = c.text ?? c.blob ?? '';
    const fence = fenceFor(body);
    const info = c.text !== undefined ? (languageFor(c.mimeType, c.uri) ?? 'text') : 'base64';
    if (c.blob !== undefined) lines.push('Binary content, base64-encoded:', '');
    lines.push(`${fence}${info}`, body, fence, '');
  }
  return lines.join('\n');
}

export type TrayExportFormat = 'markdown' | 'json';

/** The tray as text in `format`: the one place the tray's export formats are chosen between. */
export function trayExportText(entries: readonly TrayEntry[], format: TrayExportFormat): string {
  return format === 'json' ? exportJson(entries) : exportMarkdown(entries);
}
