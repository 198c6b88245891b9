// RFC 6570 URI templates: parse a template into its literals and expressions, and list its variables with
// the operator, explode and prefix modifiers each occurrence uses. The grammar is checked strictly for
// expressions (a server's malformed template is reported, never guessed at); literals are left to the
// expander, which percent-encodes what needs it.

/** The expression operators of RFC 6570 §2.2 ('' is simple string expansion). */
export type TemplateOperator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';

export interface VarSpec {
  name: string;
  explode: boolean;
  /** The `:n` prefix modifier (1–9999 characters), when present. */
  prefix?: number;
}

export interface TemplateExpression {
  kind: 'expression';
  operator: TemplateOperator;
  varspecs: VarSpec[];
  /** The expression as written, braces included. */
  source: string;
}

type TemplatePart = { kind: 'literal'; text: string } | TemplateExpression;

/** One variable of a template, with every place it is used (a name may appear in several expressions). */
export interface TemplateVariable {
  name: string;
  occurrences: { operator: TemplateOperator; explode: boolean; prefix?: number }[];
}

/**
 * Why a template cannot be parsed, as data: the page words it in the user's language. Positions count from 1;
 * `expression` is the whole `{…}` it was found in.
 */
export type TemplateSyntaxError =
  | { code: 'unexpectedClose'; position: number }
  | { code: 'unclosed'; position: number }
  | { code: 'emptyExpression'; position: number }
  | { code: 'reservedOperator'; operator: string; expression: string }
  | { code: 'missingName'; expression: string; position: number }
  | { code: 'invalidName'; name: string; expression: string; position: number }
  | { code: 'badPrefix'; name: string; length: string; expression: string; position: number };

export type ParsedTemplate =
  | { ok: true; template: string; parts: TemplatePart[]; variables: TemplateVariable[] }
  | { ok: false; template: string; error: TemplateSyntaxError };

const operators: readonly string[] = ['+', '#', '.', '/', ';', '?', '&'];
/** Operators RFC 6570 reserves for future extensions: a template that uses them cannot be expanded. */
const reservedOperators: readonly string[] = ['=', ',', '!', '@', '|'];
// varname = varchar *( ["."] varchar ); varchar = ALPHA / DIGIT / "_" / pct-encoded
const varnamePattern = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$/;
const maxLengthPattern = /^[1-9][0-9]{0,3}$/;

export function parseTemplate(template: string): ParsedTemplate {
  const parts: TemplatePart[] = [];
  let literal = '';
  let i = 0;
  while (i < template.length) {
    const ch = template[i];
    if (ch === '}') return fail(template, { code: 'unexpectedClose', position: i + 1 });
    if (ch !== '{') {
      literal += ch;
      i++;
      continue;
    }
    const end = template.indexOf('}', i + 1);
    const nextOpen = template.indexOf('{', i + 1);
    if (end === -1 || (nextOpen !== -1 && nextOpen < end)) return fail(template, { code: 'unclosed', position: i + 1 });
    if (literal) parts.push({ kind: 'literal', text: literal });
    literal = '';
    const parsed = parseExpression(template.slice(i, end + 1), i + 1);
    if ('code' in parsed) return fail(template, parsed);
    parts.push(parsed);
    i = end + 1;
  }
  if (literal) parts.push({ kind: 'literal', text: literal });
  return { ok: true, template, parts, variables: collectVariables(parts) };
}

function parseExpression(source: string, position: number): TemplateExpression | TemplateSyntaxError {
  let body = source.slice(1, -1);
  if (!body) return { code: 'emptyExpression', position };
  let operator: TemplateOperator = '';
  if (reservedOperators.includes(body[0])) return { code: 'reservedOperator', operator: body[0], expression: source };
  if (operators.includes(body[0])) {
    operator = body[0] as TemplateOperator;
    body = body.slice(1);
  }
  const varspecs: VarSpec[] = [];
  for (const raw of body.split(',')) {
    const spec = parseVarSpec(raw, source, position);
    if ('code' in spec) return spec;
    varspecs.push(spec);
  }
  return { kind: 'expression', operator, varspecs, source };
}

function parseVarSpec(raw: string, expression: string, position: number): VarSpec | TemplateSyntaxError {
  const invalidName = (name: string): TemplateSyntaxError =>
    name ? { code: 'invalidName', name, expression, position } : { code: 'missingName', expression, position };
  if (raw.endsWith('*')) {
    const name = raw.slice(0, -1);
    return varnamePattern.test(name) ? { name, explode: true } : invalidName(name);
  }
  const colon = raw.indexOf(':');
  if (colon === -1) return varnamePattern.test(raw) ? { name: raw, explode: false } : invalidName(raw);
  const name = raw.slice(0, colon);
  const length = raw.slice(colon + 1);
  if (!varnamePattern.test(name)) return invalidName(name);
  if (!maxLengthPattern.test(length)) return { code: 'badPrefix', name, length, expression, position };
  return { name, explode: false, prefix: Number(length) };
}

function collectVariables(parts: TemplatePart[]): TemplateVariable[] {
  const byName = new Map<string, TemplateVariable>();
  for (const part of parts) {
    if (part.kind !== 'expression') continue;
    for (const spec of part.varspecs) {
      let variable = byName.get(spec.name);
      if (!variable) {
        variable = { name: spec.name, occurrences: [] };
        byName.set(spec.name, variable);
      }
      variable.occurrences.push({ operator: part.operator, explode: spec.explode, ...(spec.prefix !== undefined && { prefix: spec.prefix }) });
    }
  }
  return [...byName.values()];
}

function fail(template: string, error: TemplateSyntaxError): ParsedTemplate {
  return { ok: false, template, error };
}

/** Whether any occurrence of the variable explodes (the form then offers a list by default). */
export function explodes(variable: TemplateVariable): boolean {
  return variable.occurrences.some(o => o.explode);
}
