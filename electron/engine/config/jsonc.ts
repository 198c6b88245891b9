// VS Code's settings.json and mcp.json are JSONC: comments and trailing commas are allowed.
// Strip both (outside of strings) so JSON.parse can read them.
export function parseJsonc(text: string): unknown {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      const start = i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      out += text.slice(start, ++i);
    } else if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
    } else {
      if (ch === '}' || ch === ']') out = out.replace(/,(\s*)$/, '$1');
      out += ch;
      i++;
    }
  }
  return JSON.parse(out);
}
