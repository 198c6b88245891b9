// @vitest-environment happy-dom
// The form mode of the input-required dialog on its own: schema conversion, validation without code
// generation (the app's CSP forbids eval), test ids, and the answer it produces.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { InputAnswer, JsonObject } from '../../../shared/contract';
import { ElicitationForm } from './ElicitationForm';
import { toAnswerContent, toFormSpec } from './elicitation-schema';
import { validateValue } from './elicitation-validator';

afterEach(cleanup);

const schema: JsonObject = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2, maxLength: 5 },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 18, maximum: 130 },
    agree: { type: 'boolean', default: true },
    color: { type: 'string', enum: ['r', 'g'], enumNames: ['Red', 'Green'] },
    size: { type: 'string', oneOf: [{ const: 's', title: 'Small' }, { const: 'l', title: 'Large' }] },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, minItems: 1, maxItems: 2 }
  },
  required: ['name', 'email']
};

describe('toFormSpec', () => {
  it('turns legacy enumNames into titled options and multi-selects into checkboxes', () => {
    const spec = toFormSpec(schema);
    expect(spec.fields).toEqual(['name', 'email', 'age', 'agree', 'color', 'size', 'tags']);
    expect(spec.schema.properties?.color).toEqual({ type: 'string', oneOf: [{ const: 'r', title: 'Red' }, { const: 'g', title: 'Green' }] });
    expect(spec.uiSchema.tags).toEqual({ 'ui:widget': 'checkboxes' });
    expect(spec.schema.required).toEqual(['name', 'email']);
  });

  it("marks hidden characters in what the form shows of a server's schema, and answers its values as sent", async () => {
    const hostile: JsonObject = {
      type: 'object',
      properties: {
        'token\u202e': { type: 'string', description: 'Paste your \u202enekot here' },
        plan: { type: 'string', title: 'Plan\u200b', enum: ['free', 'pro\u202e'] },
        scope: { type: 'string', oneOf: [{ const: 'read', title: 'Read \u2066only\u2069' }] },
        plain: { type: 'string', title: 'Plain', enum: ['a', 'b'] }
      }
    };
    const spec = toFormSpec(hostile);
    expect(spec.schema.properties?.['token\u202e']).toEqual({ type: 'string', title: 'token[RLO]', description: 'Paste your [RLO]nekot here' });
    expect(spec.schema.properties?.plan).toEqual({ type: 'string', title: 'Plan[ZWSP]', oneOf: [{ const: 'free', title: 'free' }, { const: 'pro\u202e', title: 'pro[RLO]' }] });
    expect(spec.schema.properties?.scope).toEqual({ type: 'string', oneOf: [{ const: 'read', title: 'Read [LRI]only[PDI]' }] });
    // Nothing hidden: as it was.
    expect(spec.schema.properties?.plain).toEqual({ type: 'string', title: 'Plain', enum: ['a', 'b'] });

    const answers: InputAnswer[] = [];
    render(<ElicitationForm requestId="req-3" requestedSchema={hostile} busy={false} onAnswer={a => answers.push(a)} />);
    expect(document.body.textContent).toContain('Paste your [RLO]nekot here');
    expect(document.body.textContent).not.toMatch(/[\u200b\u202e\u2066\u2069]/);
    // The option shown as "pro[RLO]" answers the server's own value.
    fireEvent.change(screen.getByTestId('input-field-plan'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('input-accept'));
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0]).toEqual({ action: 'accept', content: { plan: 'pro\u202e' } });
  });

  it('keeps only known fields of allowed types in the answer', () => {
    expect(toAnswerContent({ name: 'ann', age: 20, tags: ['a'], extra: 1, bad: { x: 1 } }, ['name', 'age', 'tags', 'bad'])).toEqual({ name: 'ann', age: 20, tags: ['a'] });
  });
});

describe('validateValue', () => {
  const spec = toFormSpec(schema);
  it.each([
    [{ name: 'a', email: 'x@y.z' }, 'minLength'],
    [{ name: 'abcdef', email: 'x@y.z' }, 'maxLength'],
    [{ name: 'ann', email: 'not-an-email' }, 'format'],
    [{ name: 'ann', email: 'x@y.z', age: 12 }, 'minimum'],
    [{ name: 'ann', email: 'x@y.z', age: 1.5 }, 'type'],
    [{ name: 'ann', email: 'x@y.z', color: 'b' }, 'oneOf'],
    [{ name: 'ann', email: 'x@y.z', tags: ['a', 'b', 'c'] }, 'maxItems'],
    [{ name: 'ann' }, 'required']
  ])('%j fails with %s', (data, name) => {
    expect(validateValue(spec.schema as Record<string, unknown>, data).map(e => e.name)).toContain(name);
  });

  it('accepts a valid answer', () => {
    expect(validateValue(spec.schema as Record<string, unknown>, { name: 'ann', email: 'x@y.z', age: 30, color: 'g', size: 'l', tags: ['a', 'c'] })).toEqual([]);
  });
});

describe('ElicitationForm', () => {
  it('renders every field with its test id, blocks invalid input, then sends the answer', async () => {
    const answers: InputAnswer[] = [];
    render(<ElicitationForm requestId="req-1" requestedSchema={schema} busy={false} onAnswer={a => answers.push(a)} />);
    for (const name of ['name', 'email', 'age', 'agree', 'color', 'size', 'tags']) expect(screen.getByTestId(`input-field-${name}`)).toBeTruthy();
    expect((screen.getByTestId('input-field-agree') as HTMLInputElement).checked).toBe(true);

    fireEvent.change(screen.getByTestId('input-field-name'), { target: { value: 'a' } });
    fireEvent.click(screen.getByTestId('input-accept'));
    await waitFor(() => expect(document.body.textContent).toMatch(/at least 2 characters/));
    expect(answers).toEqual([]);

    fireEvent.change(screen.getByTestId('input-field-name'), { target: { value: 'ann' } });
    fireEvent.change(screen.getByTestId('input-field-email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByTestId('input-field-color'), { target: { value: '1' } });
    fireEvent.click(screen.getByLabelText('b'));
    fireEvent.click(screen.getByTestId('input-accept'));
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0]).toEqual({ action: 'accept', content: { name: 'ann', email: 'ann@example.com', agree: true, color: 'g', tags: ['b'] } });
  });

  it('declines and cancels without validating', () => {
    const answers: InputAnswer[] = [];
    render(<ElicitationForm requestId="req-2" requestedSchema={schema} busy={false} onAnswer={a => answers.push(a)} />);
    fireEvent.click(screen.getByTestId('input-decline'));
    fireEvent.click(screen.getByTestId('input-cancel'));
    expect(answers).toEqual([{ action: 'decline' }, { action: 'cancel' }]);
  });
});
