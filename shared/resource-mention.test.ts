// The mention and Markdown link forms, checked against what a CommonMark parser (markdown-it, the viewer's)
// reads back: the label and the destination must survive any name or URI (markdown-it refuses file: links
// on its own, so the odd URIs here are https).
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { item } from '../test-support/picker/items';
import { markdownLinkOf, mentionOf } from './resource-mention';

const md = new MarkdownIt();

/** The link markdown-it parses out of `text`: its text and href. */
function parsedLink(text: string): { label: string; href: string | null } {
  const html = md.renderInline(text);
  const dom = /^<a href="([^"]*)">(.*)<\/a>$/.exec(html);
  if (!dom) throw new Error(`not one link: ${html}`);
  const unescape = (s: string) => s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"');
  return { label: unescape(dom[2]), href: unescape(dom[1]) };
}

describe('mentionOf', () => {
  it('is @server:uri', () => {
    expect(mentionOf(item('file:///repo/README.md', { serverId: 'fs' }))).toBe('@fs:file:///repo/README.md');
    expect(mentionOf({ serverId: 'ref-http', uri: 'ref://samples/guide.md' })).toBe('@ref-http:ref://samples/guide.md');
  });
});

describe('markdownLinkOf', () => {
  it('uses the title when there is one, else the name', () => {
    expect(markdownLinkOf(item('ref://samples/guide.md', { title: 'Markdown guide' }))).toBe('[Markdown guide](ref://samples/guide.md)');
    expect(markdownLinkOf(item('ref://samples/guide.md'))).toBe('[guide.md](ref://samples/guide.md)');
  });

  it('keeps brackets in the name and odd URIs intact for a Markdown reader', () => {
    const cases = [
      item('https://example.com/a_(b)', { name: 'a [draft] \\ note' }),
      item('https://example.com/My Docs/plan (v2).md', { name: 'plan' }),
      item('ref://x/<y>', { title: 'line one\nline two' })
    ];
    const links = cases.map(markdownLinkOf);
    expect(links[0]).toBe('[a \\[draft\\] \\\\ note](<https://example.com/a_(b)>)');
    expect(parsedLink(links[0])).toEqual({ label: 'a [draft] \\ note', href: 'https://example.com/a_(b)' });
    expect(links[1]).toBe('[plan](<https://example.com/My Docs/plan (v2).md>)');
    expect(parsedLink(links[1]).href).toBe(md.normalizeLink('https://example.com/My Docs/plan (v2).md'));
    expect(parsedLink(links[2])).toEqual({ label: 'line one line two', href: md.normalizeLink('ref://x/<y>') });
  });
});
