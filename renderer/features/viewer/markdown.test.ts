import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('renderMarkdown (untrusted server markdown)', () => {
  it('escapes raw HTML instead of passing it through', () => {
    const html = renderMarkdown('Hi <script>alert(1)</script> <img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('links only http(s) and mailto targets', () => {
    expect(renderMarkdown('[ok](https://example.com/a)')).toContain('<a href="https://example.com/a">ok</a>');
    expect(renderMarkdown('[mail](mailto:a@b.c)')).toContain('href="mailto:a@b.c"');
    for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x', 'vbscript:x']) {
      expect(renderMarkdown(`[x](${bad})`), bad).not.toContain('<a ');
    }
  });

  it('turns images into links instead of fetching them', () => {
    const html = renderMarkdown('![logo](https://example.com/logo.png)');
    expect(html).not.toContain('<img');
    expect(html).toContain('<a href="https://example.com/logo.png">[image: logo]</a>');
    expect(renderMarkdown('![x](javascript:alert(1))')).not.toContain('<a ');
  });

  it('renders ordinary markdown', () => {
    expect(renderMarkdown('# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |')).toMatch(/<h1>Title<\/h1>[\s\S]*<table>/);
  });

  it('writes bidirectional controls as marks in text, code, link text, targets and titles', () => {
    const html = renderMarkdown('Pay \u202eusd001\u202c now: `if (a\u2066) b` [click\u202e](https://example.com/\u202ex "t\u2067")\n\n```js\nlet x = "a\u202e";\n```');
    expect(html).toContain('Pay [RLO]usd001[PDF] now');
    expect(html).toContain('<code>if (a[LRI]) b</code>');
    expect(html).toContain('>click[RLO]</a>');
    expect(html).toContain('title="t[RLI]"');
    expect(html).toContain('let x = &quot;a[RLO]&quot;;');
    expect(html).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });
});

