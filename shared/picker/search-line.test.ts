import { describe, expect, it } from 'vitest';
import { uriLeaf } from './search-line';

/** The last segment as a regex and a trimmed copy say it. */
function leafByRegex(uri: string): string {
  const trimmed = uri.replace(/[/?#]+$/, '');
  return trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf(':')) + 1);
}

describe('uriLeaf', () => {
  it('is the text after the last "/" or ":", trailing "/", "?" and "#" left out', () => {
    const uris = ['ref://catalog/4242', 'file:///a/b/readme.md', 'file:///a/b/', 'urn:isbn:0451', 'mailto:x', 'a/b?#/', '///', '', 'plain', '/x', 'https://h/p?q=1#f', 'x:', 'ref://catalog/7?'];
    for (const uri of uris) expect(uriLeaf(uri), uri).toBe(leafByRegex(uri));
    expect(uriLeaf('file:///docs/guide/')).toBe('guide');
  });
});
