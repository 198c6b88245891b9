import { describe, expect, it } from 'vitest';
import { languageFor, previewKind } from './content-kind';

const kind = (mimeType: string | undefined, uri: string, k: 'text' | 'blob' = 'text') => previewKind({ mimeType, uri, kind: k });

describe('previewKind', () => {
  it('follows the MIME type', () => {
    expect(kind('text/markdown', 'ref://a')).toBe('markdown');
    expect(kind('application/json; charset=utf-8', 'ref://a')).toBe('json');
    expect(kind('application/ld+json', 'ref://a')).toBe('json');
    expect(kind('text/csv', 'ref://a')).toBe('csv');
    expect(kind('text/html', 'ref://a')).toBe('html');
    expect(kind('image/svg+xml', 'ref://a', 'blob')).toBe('svg');
    expect(kind('image/png', 'ref://a', 'blob')).toBe('image');
    expect(kind('audio/wav', 'ref://a', 'blob')).toBe('audio');
    expect(kind('application/pdf', 'ref://a', 'blob')).toBe('pdf');
    expect(kind('text/x-python', 'ref://a')).toBe('code');
    expect(kind('application/octet-stream', 'ref://a', 'blob')).toBe('binary');
  });

  it('uses the extension when the MIME type is missing or generic', () => {
    expect(kind(undefined, 'file:///x/readme.md')).toBe('markdown');
    expect(kind('text/plain', 'file:///x/main.ts')).toBe('code');
    expect(kind('application/octet-stream', 'file:///x/a.png', 'blob')).toBe('image');
    expect(kind(undefined, 'file:///x/noext')).toBe('text');
    expect(kind(undefined, 'file:///x/noext', 'blob')).toBe('binary');
  });

  it('never treats text content as media', () => {
    expect(kind('image/png', 'ref://a', 'text')).toBe('text');
  });
});

describe('languageFor', () => {
  it('picks a highlight.js language by MIME type, then extension', () => {
    expect(languageFor('application/javascript', 'ref://a')).toBe('javascript');
    expect(languageFor(undefined, 'ref://a/b.rs')).toBe('rust');
    expect(languageFor('text/plain', 'ref://a/b.unknown')).toBeUndefined();
  });
});
