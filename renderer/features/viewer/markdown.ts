// Markdown rendering for untrusted content: raw HTML is escaped (html: false), links are limited to
// http(s) and mailto, images become plain links (no network fetch from server-supplied markdown), and bidirectional
// controls are written as marks.
import MarkdownIt, { type Token } from 'markdown-it';
import { withHiddenMarked } from '../../../shared/hidden-characters';

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

md.validateLink = (url: string) => /^(https?:|mailto:)/i.test(url.trim());

md.renderer.rules.image = (tokens, idx) => {
  const token = tokens[idx];
  const src = String(token.attrGet('src') ?? '');
  const alt = md.utils.escapeHtml(token.content || src);
  return md.validateLink(src) ? `<a href="${md.utils.escapeHtml(src)}">[image: ${alt}]</a>` : `[image: ${alt}]`;
};

// A control that reorders text (Trojan Source) is written as its bracketed mark, "[RLO]", in text, code, link targets
// and titles alike: a mark as an element would need HTML in places that markdown-it escapes or quotes.
const BIDI_ONLY = { bidiOnly: true };
function markBidi(token: Token): void {
  token.content = withHiddenMarked(token.content, BIDI_ONLY);
  token.info = withHiddenMarked(token.info, BIDI_ONLY);
  for (const attr of token.attrs ?? []) if (typeof attr[1] === 'string') attr[1] = withHiddenMarked(attr[1], BIDI_ONLY);
  token.children?.forEach(markBidi);
}
md.core.ruler.push('mark_bidi_controls', state => {
  state.tokens.forEach(markBidi);
});

export function renderMarkdown(source: string): string {
  return md.render(source);
}
