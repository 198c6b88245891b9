// The validator @rjsf/core uses for an elicitation's form: @cfworker/json-schema, draft 2020-12, so a server's
// `requestedSchema` is judged the way JSON Schema means it (the SDK's own `cfWorkerProvider` uses the same
// library). The renderer runs under `script-src 'self'` (no 'unsafe-eval'), where ajv cannot compile schemas;
// cfworker interprets a schema without generating code (no `eval`, no `new Function`; the test checks both).
// Its errors are mapped to short messages on the field they concern, as rjsf shows them.
import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import { toErrorSchema, type RJSFSchema, type RJSFValidationError, type ValidationData, type ValidatorType } from '@rjsf/utils';

type JsonSchema = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

// Keywords whose values are data, not schemas: nothing under them is a `pattern` to check.
const dataKeywords = new Set(['const', 'enum', 'default', 'examples']);

/**
 * A copy of the schema cfworker can use (it annotates the schema objects it is given, and a server's schema is
 * not ours to change), without the patterns this engine cannot read: a pattern the browser cannot compile is
 * not the user's fault, so it does not block them (the server still judges the answer).
 */
function usable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(usable);
  if (!isObject(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (dataKeywords.has(key)) out[key] = value;
    else if (key === 'pattern' && typeof value === 'string') {
      if (compiles(value)) out[key] = value;
    } else if (key === 'patternProperties' && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).filter(([pattern]) => compiles(pattern)).map(([pattern, sub]) => [pattern, usable(sub)]));
    } else out[key] = usable(value);
  }
  return out;
}

/** Validators by schema object: rjsf validates the same schema on every submit and asks `isValid` often. */
const validators = new WeakMap<object, Validator | null>();

function validatorFor(schema: JsonSchema): Validator | null {
  let validator = validators.get(schema);
  if (validator === undefined) {
    try {
      validator = new Validator(usable(schema) as Schema, '2020-12', false);
    } catch {
      validator = null; // a schema cfworker cannot index (e.g. two subschemas with the same $id)
    }
    validators.set(schema, validator);
  }
  return validator;
}

/** Form data as JSON (rjsf leaves `undefined` for a cleared field; JSON has no such value, the key is absent). */
function asJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(v => (v === undefined ? null : asJson(v)));
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (v !== undefined) out[key] = asJson(v);
  return out;
}

/** The units of a failed validation, or none when the schema cannot be applied (an unresolvable $ref). */
function failures(schema: JsonSchema, value: unknown): OutputUnit[] {
  if (value === undefined) return [];
  const validator = validatorFor(schema);
  if (!validator) return [];
  try {
    return validator.validate(asJson(value)).errors;
  } catch {
    return [];
  }
}

// Errors that only say "something below failed": the errors below say what.
const wrappers = new Set([
  'properties', 'patternProperties', 'additionalProperties', 'unevaluatedProperties', 'dependentSchemas',
  'items', 'prefixItems', 'additionalItems', 'unevaluatedItems', '$ref', '$recursiveRef', '$dynamicRef', 'allOf', 'if'
]);
// Errors that sum up their subschemas' errors: the ones below (why each option failed) only confuse.
const summaries = new Set(['anyOf', 'oneOf', 'not', 'contains', 'propertyNames']);

function segments(pointer: string): string[] {
  return pointer
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map(s => {
      let text = s;
      try {
        text = decodeURIComponent(s);
      } catch {
        // kept as written
      }
      return text.replace(/~1/g, '/').replace(/~0/g, '~');
    });
}

/**
 * The value of the keyword an error names, read from the schema along its keyword location, following the local
 * `$ref`s it passes (`#/…`); undefined when it passes another kind of reference.
 */
function keywordValue(root: JsonSchema, keywordLocation: string, depth = 0): unknown {
  let at: unknown = root;
  for (const segment of segments(keywordLocation)) {
    if (Array.isArray(at)) at = at[Number(segment)];
    else if (isObject(at)) at = at[segment];
    else return undefined;
    if (segment === '$ref' && typeof at === 'string') {
      if (!at.startsWith('#') || depth > 20) return undefined;
      at = keywordValue(root, at, depth + 1);
    }
  }
  return at;
}

const plural = (n: unknown, one: string, many: string) => `${String(n)} ${n === 1 ? one : many}`;
/** A message that quotes the keyword's value: none when the value could not be read (cfworker's own text then). */
const quoting = (message: (value: unknown) => string) => (value: unknown) => (value === undefined ? undefined : message(value));

const messages: Record<string, (value: unknown) => string | undefined> = {
  type: quoting(v => `must be ${Array.isArray(v) ? v.join(' or ') : String(v)}`),
  const: () => 'must be the allowed value',
  enum: () => 'must be one of the listed options',
  anyOf: () => 'must be one of the listed options',
  oneOf: () => 'must be one of the listed options',
  not: () => 'is not an allowed value',
  false: () => 'is not allowed',
  required: () => 'is required',
  minLength: quoting(n => `must have at least ${plural(n, 'character', 'characters')}`),
  maxLength: quoting(n => `must have at most ${plural(n, 'character', 'characters')}`),
  pattern: quoting(p => `must match ${String(p)}`),
  format: quoting(f => `must be a valid ${String(f)}`),
  minimum: quoting(n => `must be at least ${String(n)}`),
  maximum: quoting(n => `must be at most ${String(n)}`),
  exclusiveMinimum: quoting(n => `must be greater than ${String(n)}`),
  exclusiveMaximum: quoting(n => `must be less than ${String(n)}`),
  multipleOf: quoting(n => `must be a multiple of ${String(n)}`),
  minItems: quoting(n => `must have at least ${String(n)} selected`),
  maxItems: quoting(n => `must have at most ${String(n)} selected`),
  uniqueItems: () => 'must not repeat an option'
};

/** `#/tags/0` as rjsf writes a property path: `.tags.0` (the root is ''). */
function propertyPath(instanceLocation: string): string {
  return segments(instanceLocation)
    .map(s => `.${s}`)
    .join('');
}

function toRjsfError(unit: OutputUnit, root: JsonSchema): RJSFValidationError {
  let property = propertyPath(unit.instanceLocation);
  let message = messages[unit.keyword]?.(keywordValue(root, unit.keywordLocation)) ?? unit.error;
  // A missing property is the missing field's error (cfworker names it only in its text).
  const missing = unit.keyword === 'required' ? /required property "(.*)"\.$/.exec(unit.error) : /^Instance has "(.*)" but does not have "(.*)"\.$/.exec(unit.error);
  if (missing) {
    property += `.${missing[missing.length - 1]}`;
    if (missing.length === 3) message = `is required when ${missing[1]} is given`;
  }
  return { name: unit.keyword, property, message, schemaPath: unit.keywordLocation, stack: `${property || '.'} ${message}`.trim() };
}

/** The errors of `value` against `schema` as rjsf shows them: one message per failed keyword, on its field. */
export function validateValue(schema: JsonSchema, value: unknown): RJSFValidationError[] {
  const units = failures(schema, value);
  const summed = units.filter(u => summaries.has(u.keyword)).map(u => `${u.keywordLocation}/`);
  const specific = units.filter(u => !wrappers.has(u.keyword) && !summed.some(prefix => u.keywordLocation.startsWith(prefix)));
  const seen = new Set<string>();
  const errors: RJSFValidationError[] = [];
  for (const unit of specific.length > 0 ? specific : units) {
    const error = toRjsfError(unit, schema);
    if (seen.has(error.stack)) continue;
    seen.add(error.stack);
    errors.push(error);
  }
  return errors;
}

/** For a subschema rjsf checks on its own (a oneOf option): the root's definitions, so its `$ref`s resolve. */
function withRootDefinitions(schema: JsonSchema, root: JsonSchema | undefined): JsonSchema {
  if (!root || root === schema) return schema;
  const extra: JsonSchema = {};
  if (isObject(root.$defs) && !('$defs' in schema)) extra.$defs = root.$defs;
  if (isObject(root.definitions) && !('definitions' in schema)) extra.definitions = root.definitions;
  return Object.keys(extra).length ? { ...schema, ...extra } : schema;
}

export const elicitationValidator: ValidatorType = {
  validateFormData(formData, schema, _customValidate, transformErrors, uiSchema): ValidationData<unknown> {
    let errors = validateValue(schema as JsonSchema, formData ?? {});
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    return { errors, errorSchema: toErrorSchema(errors) };
  },
  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema) {
    return failures(withRootDefinitions(schema as JsonSchema, rootSchema as JsonSchema), formData).length === 0;
  },
  rawValidation(schema: RJSFSchema, formData?: unknown) {
    return { errors: validateValue(schema as JsonSchema, formData) as never[] };
  }
};
