// Expands a parsed RFC 6570 template with the `url-template` library doing every encoding step. Each varspec is
// expanded on its own so that what the library does not check is checked here, with a problem that names the
// variable (as data: the page words it in the user's language): prefixes count Unicode characters (not UTF-16 units), a prefix on a list or map is an error
// (RFC 6570 §2.4.1), an empty list or map is undefined (§2.3), and unpaired surrogates cannot be encoded.
import { parseTemplate as libraryTemplate } from 'url-template';
import type { ParsedTemplate, TemplateExpression, TemplateOperator, TemplateSyntaxError, VarSpec } from './parse';

/** A variable's value: a string, a list, or an associative array given as ordered key/value pairs. */
export type TemplateValue = string | string[] | { pairs: [string, string][] };

export type TemplateValues = Record<string, TemplateValue | undefined>;

export type ExpansionProblem =
  | { code: 'syntax'; error: TemplateSyntaxError }
  /** RFC 6570 §2.4.1: a prefix applies to a single text value only. */
  | { code: 'prefixOnComposite'; variable: string; prefix: number }
  | { code: 'unpairedSurrogate'; variable: string }
  /** The library refused the value; `detail` is its own (English) words. */
  | { code: 'notExpandable'; variable: string; detail: string };

export type Expansion =
  | { ok: true; uri: string; /** Variables with no value: their expressions expand to nothing. */ unset: string[] }
  | { ok: false; problems: ExpansionProblem[] };

type LibraryValue = string | string[] | Record<string, string>;

/** How each operator starts its expansion and separates items (RFC 6570 Appendix A). */
const firstAndSeparator: Record<TemplateOperator, [string, string]> = {
  '': ['', ','],
  '+': ['', ','],
  '#': ['#', ','],
  '.': ['.', '.'],
  '/': ['/', '/'],
  ';': [';', ';'],
  '?': ['?', '&'],
  '&': ['&', '&']
};

export function expandTemplate(parsed: ParsedTemplate, values: TemplateValues): Expansion {
  if (!parsed.ok) return { ok: false, problems: [{ code: 'syntax', error: parsed.error }] };
  const problems: ExpansionProblem[] = [];
  let uri = '';
  for (const part of parsed.parts) {
    if (part.kind === 'literal') {
      uri += libraryTemplate(part.text).expand({});
      continue;
    }
    const expanded = expandExpression(part, values, problems);
    if (expanded !== undefined) uri += expanded;
  }
  if (problems.length) return { ok: false, problems };
  const unset = parsed.variables.filter(v => toLibraryValue(values[v.name]) === undefined).map(v => v.name);
  return { ok: true, uri, unset };
}

function expandExpression(expression: TemplateExpression, values: TemplateValues, problems: ExpansionProblem[]): string | undefined {
  const [first, separator] = firstAndSeparator[expression.operator];
  const items: string[] = [];
  for (const spec of expression.varspecs) {
    const value = toLibraryValue(values[spec.name]);
    if (value === undefined) continue;
    const item = expandVarSpec(expression.operator, spec, value);
    if (typeof item === 'object') {
      problems.push(item);
      continue;
    }
    items.push(first && item.startsWith(first) ? item.slice(first.length) : item);
  }
  return items.length ? first + items.join(separator) : '';
}

function expandVarSpec(operator: TemplateOperator, spec: VarSpec, value: LibraryValue): string | ExpansionProblem {
  const specText = spec.name + (spec.explode ? '*' : '');
  let effective = value;
  if (spec.prefix !== undefined) {
    if (typeof value !== 'string') {
      return { code: 'prefixOnComposite', variable: spec.name, prefix: spec.prefix };
    }
    // The library cuts UTF-16 units; RFC 6570 counts characters, so the cut happens here and the
    // modifier is dropped from what the library sees.
    effective = Array.from(value).slice(0, spec.prefix).join('');
  }
  if (containsLoneSurrogate(effective)) {
    return { code: 'unpairedSurrogate', variable: spec.name };
  }
  try {
    return libraryTemplate(`{${operator}${specText}}`).expand({ [spec.name]: effective });
  } catch (err) {
    return { code: 'notExpandable', variable: spec.name, detail: err instanceof Error ? err.message : String(err) };
  }
}

/** RFC 6570 §2.3: an undefined value, an empty list and an empty map are all "undefined". */
function toLibraryValue(value: TemplateValue | undefined): LibraryValue | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.length ? value : undefined;
  if (!value.pairs.length) return undefined;
  return Object.fromEntries(value.pairs);
}

function containsLoneSurrogate(value: LibraryValue): boolean {
  const texts = typeof value === 'string' ? [value] : Array.isArray(value) ? value : Object.entries(value).flat();
  return texts.some(text => unpairedSurrogate.test(text));
}

const unpairedSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The `context.arguments` of a `completion/complete` request: every other variable that has a value,
 * lists joined with commas (the protocol carries strings only).
 */
export function completionContext(values: TemplateValues, except: string): Record<string, string> {
  const context: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (name === except || value === undefined) continue;
    const text = typeof value === 'string' ? value : Array.isArray(value) ? value.join(',') : value.pairs.map(p => p.join('=')).join(',');
    if (text !== '') context[name] = text;
  }
  return context;
}
