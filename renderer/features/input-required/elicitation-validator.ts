// A validator for @rjsf/core that needs no code generation. The renderer runs under `script-src 'self'`
// (no 'unsafe-eval'), where ajv cannot compile schemas, and server schemas arrive at run time, so they
// cannot be precompiled either. Elicitation schemas are a small flat subset of JSON Schema (MCP:
// "requestedSchema"): that subset is checked here — types, const/enum/oneOf/anyOf, string lengths, pattern
// and formats, number bounds, array items/size/uniqueness, required properties.
import { toErrorSchema, type RJSFSchema, type RJSFValidationError, type ValidationData, type ValidatorType } from '@rjsf/utils';

type Schema = Record<string, unknown>;

const formatChecks: Record<string, (value: string) => boolean> = {
  email: v => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  uri: v => {
    try {
      return new URL(v).protocol.length > 1;
    } catch {
      return false;
    }
  },
  date: v => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)),
  'date-time': v => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.test(v) && !Number.isNaN(Date.parse(v))
};

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeMatches(type: unknown, value: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.some(t => {
    if (t === 'string') return typeof value === 'string';
    if (t === 'number') return typeof value === 'number' && Number.isFinite(value);
    if (t === 'integer') return typeof value === 'number' && Number.isInteger(value);
    if (t === 'boolean') return typeof value === 'boolean';
    if (t === 'array') return Array.isArray(value);
    if (t === 'object') return isSchema(value);
    if (t === 'null') return value === null;
    return false;
  });
}

function characters(value: string): number {
  return Array.from(value).length;
}

/** Errors of `value` against `schema`, each with its property path (`.name`) as rjsf expects. */
export function validateValue(schema: Schema, value: unknown, property = ''): RJSFValidationError[] {
  const errors: RJSFValidationError[] = [];
  const fail = (name: string, message: string) => errors.push({ name, property, message, stack: `${property || '.'} ${message}`.trim() });
  if (value === undefined) return errors;
  if (schema.type !== undefined && !typeMatches(schema.type, value)) {
    fail('type', `must be ${Array.isArray(schema.type) ? schema.type.join(' or ') : String(schema.type)}`);
    return errors;
  }
  if ('const' in schema && value !== schema.const) fail('const', 'must be the allowed value');
  if (Array.isArray(schema.enum) && !schema.enum.includes(value as never)) fail('enum', 'must be one of the listed options');
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const options = schema[keyword];
    if (Array.isArray(options) && !options.some(o => isSchema(o) && validateValue(o, value).length === 0)) fail(keyword, 'must be one of the listed options');
  }
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && characters(value) < schema.minLength) fail('minLength', `must have at least ${schema.minLength} characters`);
    if (typeof schema.maxLength === 'number' && characters(value) > schema.maxLength) fail('maxLength', `must have at most ${schema.maxLength} characters`);
    if (typeof schema.pattern === 'string' && !safePattern(schema.pattern, value)) fail('pattern', `must match ${schema.pattern}`);
    const check = typeof schema.format === 'string' ? formatChecks[schema.format] : undefined;
    if (check && !check(value)) fail('format', `must be a valid ${String(schema.format)}`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) fail('minimum', `must be at least ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) fail('maximum', `must be at most ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) fail('minItems', `must have at least ${schema.minItems} selected`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) fail('maxItems', `must have at most ${schema.maxItems} selected`);
    if (schema.uniqueItems === true && new Set(value.map(v => JSON.stringify(v))).size !== value.length) fail('uniqueItems', 'must not repeat an option');
    if (isSchema(schema.items)) value.forEach((item, i) => errors.push(...validateValue(schema.items as Schema, item, `${property}.${i}`)));
  }
  if (isSchema(value)) {
    const properties = isSchema(schema.properties) ? schema.properties : {};
    for (const name of Array.isArray(schema.required) ? schema.required : []) {
      if (typeof name === 'string' && (value[name] === undefined || value[name] === '')) {
        errors.push({ name: 'required', property: `${property}.${name}`, message: 'is required', stack: `${property}.${name} is required` });
      }
    }
    for (const [name, sub] of Object.entries(properties)) if (isSchema(sub)) errors.push(...validateValue(sub, value[name], `${property}.${name}`));
  }
  return errors;
}

function safePattern(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    // A pattern this engine cannot read is not the user's fault: do not block them on it.
    return true;
  }
}

export const elicitationValidator: ValidatorType = {
  validateFormData(formData, schema, customValidate, transformErrors, uiSchema): ValidationData<unknown> {
    let errors = validateValue(schema as Schema, formData ?? {});
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    return { errors, errorSchema: toErrorSchema(errors) };
  },
  isValid(schema: RJSFSchema, formData: unknown) {
    return validateValue(schema as Schema, formData).length === 0;
  },
  rawValidation(schema: RJSFSchema, formData?: unknown) {
    return { errors: validateValue(schema as Schema, formData) as never[] };
  }
};
