// Matching URIs against the RFC 6570 forms this server uses: `{var}` (one path segment, percent-decoded),
// `{+var}` (reserved expansion: may span segments or be empty, returned raw so callers can inspect encodings),
// and a trailing form-style query `{?a,b}` (every variable optional, decoded).

export type TemplateVariables = Record<string, string>;
export type UriMatcher = (uri: string) => TemplateVariables | undefined;

const EXPRESSION = /\{([+?]?)([A-Za-z0-9_,]+)\}/g;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function compileUriTemplate(template: string): UriMatcher {
  const names: Array<{ name: string; raw: boolean }> = [];
  let queryNames: string[] | undefined;
  let pattern = '';
  let last = 0;
  for (const m of template.matchAll(EXPRESSION)) {
    pattern += escapeRegExp(template.slice(last, m.index));
    last = m.index + m[0].length;
    const [, op, vars] = m;
    if (op === '?') {
      if (last !== template.length) throw new Error(`query expression must end the template: ${template}`);
      queryNames = vars.split(',');
    } else {
      names.push({ name: vars, raw: op === '+' });
      // A reserved expansion may be empty (`file:///` is the sandbox's root directory).
      pattern += op === '+' ? '([^?#]*)' : '([^/?#]+)';
    }
  }
  pattern += escapeRegExp(template.slice(last));
  const re = new RegExp(`^${pattern}${queryNames ? '(?:\\?([^#]*))?' : ''}$`);

  return uri => {
    const m = re.exec(uri);
    if (!m) return undefined;
    const out: TemplateVariables = {};
    try {
      names.forEach(({ name, raw }, i) => {
        out[name] = raw ? m[i + 1] : decodeURIComponent(m[i + 1]);
      });
    } catch {
      return undefined; // malformed percent-encoding
    }
    if (queryNames) {
      const query = new URLSearchParams(m[names.length + 1] ?? '');
      for (const q of queryNames) {
        const v = query.get(q);
        if (v !== null) out[q] = v;
      }
    }
    return out;
  };
}

/** RFC 3986: a scheme, then only unreserved and reserved characters and well-formed percent-escapes. */
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;

export function isUri(s: string): boolean {
  return URI.test(s);
}
