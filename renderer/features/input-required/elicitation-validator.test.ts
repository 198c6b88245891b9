// The elicitation validator: JSON Schema 2020-12 as @cfworker/json-schema judges it, errors as short messages
// on the field they concern, and no code generation (the renderer's CSP refuses eval and new Function).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { elicitationValidator, validateValue } from './elicitation-validator';

type Schema = Record<string, unknown>;
const object = (properties: Schema, extra: Schema = {}): Schema => ({ type: 'object', properties, ...extra });
const problems = (schema: Schema, data: unknown) => validateValue(schema, data).map(e => `${e.property} ${e.message}`);

describe('validateValue (draft 2020-12)', () => {
  it('checks what the old hand-written subset did not', () => {
    const schema = object({
      amount: { type: 'number', exclusiveMinimum: 0, multipleOf: 0.5 },
      day: { type: 'string', format: 'date' },
      code: { type: 'string', not: { const: 'admin' } }
    });
    expect(problems(schema, { amount: 0, day: '2024-02-30', code: 'admin' })).toEqual(['.amount must be greater than 0', '.day must be a valid date', '.code is not an allowed value']);
    expect(problems(schema, { amount: 1.25 })).toEqual(['.amount must be a multiple of 0.5']);
    expect(problems(schema, { amount: 2.5, day: '2024-02-29', code: 'me' })).toEqual([]);
  });

  it('applies combinators, conditionals, dependent requirements and $ref to $defs', () => {
    const schema = object(
      { kind: { enum: ['email', 'phone'] }, email: { $ref: '#/$defs/email' }, phone: { type: 'string', pattern: '^\\+?[0-9 ]+$' } },
      {
        $defs: { email: { type: 'string', format: 'email' } },
        if: { properties: { kind: { const: 'phone' } }, required: ['kind'] },
        then: { required: ['phone'] },
        dependentRequired: { email: ['kind'] }
      }
    );
    expect(problems(schema, { kind: 'phone' })).toEqual(['.phone is required']);
    expect(problems(schema, { email: 'nope' })).toEqual(['.kind is required when email is given', '.email must be a valid email']);
    expect(problems(schema, { kind: 'phone', phone: '+49 30 1234' })).toEqual([]);
  });

  it('reads a present empty string as present (required means the property exists), and a cleared field as absent', () => {
    const schema = object({ nick: { type: 'string' } }, { required: ['nick'] });
    // The old subset called '' missing; JSON Schema does not (a minLength says how long it must be).
    expect(problems(schema, { nick: '' })).toEqual([]);
    // rjsf leaves undefined for a cleared field: absent in JSON.
    expect(problems(schema, { nick: undefined })).toEqual(['.nick is required']);
  });

  it('gives one readable message per failed keyword, not why each oneOf option failed', () => {
    const schema = object({ size: { type: 'string', oneOf: [{ const: 's', title: 'Small' }, { const: 'l', title: 'Large' }] }, tags: { type: 'array', items: { type: 'string', maxLength: 1 }, uniqueItems: true } });
    expect(validateValue(schema, { size: 'm', tags: ['a', 'bb', 'a'] })).toEqual([
      expect.objectContaining({ name: 'oneOf', property: '.size', message: 'must be one of the listed options' }),
      expect.objectContaining({ name: 'maxLength', property: '.tags.1', message: 'must have at most 1 character' }),
      expect.objectContaining({ name: 'uniqueItems', property: '.tags', message: 'must not repeat an option' })
    ]);
  });

  it('does not block the user on a pattern this engine cannot read', () => {
    expect(problems(object({ x: { type: 'string', pattern: '(unclosed' } }), { x: 'anything' })).toEqual([]);
  });

  it('puts the errors on their fields for rjsf, and answers isValid for a option checked on its own', () => {
    const schema = object({ name: { type: 'string', minLength: 2 } }, { required: ['name', 'email'] });
    const { errors, errorSchema } = elicitationValidator.validateFormData({ name: 'a' }, schema);
    expect(errors.map(e => e.stack)).toEqual(['.email is required', '.name must have at least 2 characters']);
    expect(errorSchema).toEqual({ email: { __errors: ['is required'] }, name: { __errors: ['must have at least 2 characters'] } });
    const root = { $defs: { small: { const: 's' } } };
    expect(elicitationValidator.isValid({ $ref: '#/$defs/small' }, 's', root)).toBe(true);
    expect(elicitationValidator.isValid({ $ref: '#/$defs/small' }, 'l', root)).toBe(false);
  });
});

describe('under the renderer’s CSP (no eval, no new Function)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('validates with eval and Function refused', async () => {
    const refuse = function refused(): never {
      throw new EvalError("Refused to evaluate a string as JavaScript because 'unsafe-eval' is not an allowed source of script");
    };
    const functionPrototype = Function.prototype;
    const constructorOf = Object.getOwnPropertyDescriptor(functionPrototype, 'constructor')!;
    vi.stubGlobal('eval', refuse);
    vi.stubGlobal('Function', refuse);
    // `(function () {}).constructor` reaches Function without its global name.
    Object.defineProperty(functionPrototype, 'constructor', { ...constructorOf, value: refuse });
    try {
      vi.resetModules();
      const fresh = await import('./elicitation-validator');
      const schema = object({ name: { type: 'string', minLength: 2 }, age: { type: 'integer', minimum: 18 } }, { required: ['name'] });
      expect(fresh.validateValue(schema, { name: 'a', age: 12 }).map(e => e.message)).toEqual(['must have at least 2 characters', 'must be at least 18']);
      expect(fresh.validateValue(schema, { name: 'ann', age: 30 })).toEqual([]);
      expect(() => new Function('return 1')).toThrow(EvalError);
      expect(() => (function () {}).constructor('return 1')).toThrow(EvalError);
    } finally {
      Object.defineProperty(functionPrototype, 'constructor', constructorOf);
    }
  });

  it('ships no eval or Function constructor call in @cfworker/json-schema', () => {
    const root = dirname(createRequire(import.meta.url).resolve('@cfworker/json-schema/package.json'));
    const files = readdirSync(join(root, 'dist'), { recursive: true, encoding: 'utf8' }).filter(f => f.endsWith('.js'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const source = readFileSync(join(root, 'dist', file), 'utf8');
      expect(source, file).not.toMatch(/\bnew\s+Function\b|(?<![\w.$])Function\s*\(|\beval\s*\(/);
    }
  });
});
