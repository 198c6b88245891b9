// Directory reads: a resource whose type is `inode/directory` (or a `file://` directory) is read as one
// content per child, each with the child's URI and type and, often, nothing else. The viewer lists those
// children as entries to open, and previews only the children that came with content of their own.
import type { ContentPart } from '../contract';
import { baseMime } from './content-kind';

const DIRECTORY_MIME = 'inode/directory';

export interface DirectoryEntry {
  uri: string;
  /** The child's name as the server gave it, else the last segment of its URI. */
  name: string;
  mimeType?: string;
  isDirectory: boolean;
}

export interface DirectoryRead {
  /** The children, in the server's order; undefined when the read is not a directory. */
  entries?: DirectoryEntry[];
  /** The content parts to preview: all of them, or for a directory those that carry content and are not directories. */
  parts: ContentPart[];
}

const isDirectoryMime = (mimeType: string | undefined) => baseMime(mimeType) === DIRECTORY_MIME;
const withSlash = (uri: string) => (uri.endsWith('/') ? uri : `${uri}/`);
const sameUri = (a: string, b: string) => withSlash(a) === withSlash(b);

function leafName(uri: string): string {
  const path = uri.split(/[?#]/)[0].replace(/\/+$/, '');
  const leaf = path.slice(path.lastIndexOf('/') + 1) || uri;
  try {
    return decodeURIComponent(leaf);
  } catch {
    return leaf;
  }
}

/** A child given by name only (a trailing `/` marks a directory). */
function namedChild(uri: string, name: string): DirectoryEntry {
  const isDirectory = name.endsWith('/');
  return { uri: withSlash(uri) + encodeURIComponent(name.replace(/\/+$/, '')) + (isDirectory ? '/' : ''), name, isDirectory };
}

/** A `file://` read answered only by URIs one level below the read one is a directory listing. */
function isFileListing(uri: string, contents: readonly ContentPart[]): boolean {
  if (!uri.toLowerCase().startsWith('file:') || contents.length === 0) return false;
  const base = withSlash(uri);
  return contents.every(part => part.uri.startsWith(base) && /^[^/]+\/?$/.test(part.uri.slice(base.length)));
}

const hasContent = (part: ContentPart) => (part.kind === 'text' ? part.text.length > 0 : part.size > 0 || part.blob.length > 0);

/**
 * How to show a read of `uri`: as a directory when the resource's type (`resourceMime`, from the listing) or a
 * content's type is `inode/directory`, or when a `file://` read lists children; else as its content parts.
 * A single content standing for the directory itself (its own URI) with one child name per line of text
 * gives those children.
 */
export function directoryRead(read: { uri: string; contents: ContentPart[] }, resourceMime?: string): DirectoryRead {
  const { uri, contents } = read;
  const isDirectory = isDirectoryMime(resourceMime) || contents.some(part => isDirectoryMime(part.mimeType)) || isFileListing(uri, contents);
  if (!isDirectory) return { parts: contents };
  const entries: DirectoryEntry[] = [];
  for (const part of contents) {
    if (sameUri(part.uri, uri)) {
      if (part.kind === 'text' && isDirectoryMime(part.mimeType)) {
        for (const line of part.text.split('\n')) if (line.trim()) entries.push(namedChild(uri, line.trim()));
      }
      continue;
    }
    entries.push({
      uri: part.uri,
      name: part.name || leafName(part.uri),
      ...(part.mimeType && { mimeType: part.mimeType }),
      isDirectory: isDirectoryMime(part.mimeType)
    });
  }
  return { entries, parts: contents.filter(part => !isDirectoryMime(part.mimeType) && hasContent(part)) };
}
