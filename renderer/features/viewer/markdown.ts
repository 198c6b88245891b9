// Markdown rendering for untrusted content: raw HTML is escaped (html: false), links are limited to
// http(s) and mailto, and images become plain links (no network fetch from server-supplied markdown).
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

md.validateLink = (url: string) => /^(https?:|mailto:)/i.test(url.trim());

md.renderer.rules.image = (tokens, idx) => {
  const token = tokens[idx];
  const src = String(token.attrGet('src') ?? '');
  const alt = md.utils.escapeHtml(token.content || src);
  return md.validateLink(src) ? `<a href="${md.utils.escapeHtml(src)}">[image: ${alt}]</a>` : `[image: ${alt}]`;
};

export function renderMarkdown(source: string): string {
  return md.render(source);
}
