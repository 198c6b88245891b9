// Text forms of a resource reference for pasting elsewhere: the `@server:uri` mention hosts such as Claude
// Code accept in a prompt, and a Markdown link.
import type { ResourceItem } from './contract';
import { displayName } from './picker/columns';

type Reference = Pick<ResourceItem, 'serverId' | 'uri'>;

/** `@server:uri`, the form Claude Code's prompt resolves to a resource of one of its MCP servers. */
export function mentionOf({ serverId, uri }: Reference): string {
  return `@${serverId}:${uri}`;
}

/**
 * `[name](uri)`, named as the UI names it (title, else name). Line breaks in the name become spaces, and
 * brackets and backslashes are escaped so they cannot end the label early; a URI with spaces, parentheses or
 * angle brackets goes in `<…>` (with `<`/`>` escaped), which CommonMark reads as one destination.
 */
export function markdownLinkOf(item: ResourceItem): string {
  const label = displayName(item)
    .replace(/\s+/g, ' ')
    .replace(/[\\[\]]/g, ch => `\\${ch}`);
  const destination = /[\s()<>]/.test(item.uri) ? `<${item.uri.replace(/[<>]/g, ch => `\\${ch}`)}>` : item.uri;
  return `[${label}](${destination})`;
}
