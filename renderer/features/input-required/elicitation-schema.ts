// From an elicitation's `requestedSchema` (the flat object schema MCP allows: strings with formats and
// limits, numbers, booleans, single- and multi-select enums, titled or not) to what @rjsf/core renders.
// Legacy `enumNames` become titled `oneOf` options; multi-select arrays render as checkboxes; `$schema` and
// anything nested deeper than one level of properties is left out (definitions a property refers to are kept).
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { InputAnswer, JsonObject, JsonValue } from '../../../shared/contract';
import { withHiddenMarked } from '../../../shared/hidden-characters';

export interface FormSpec {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** Property names in display order (for the `input-field-<name>` test ids). */
  fields: string[];
}

type AnswerContent = NonNullable<Extract<InputAnswer, { action: 'accept' }>['content']>;

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A single-select enum with `enumNames` (2025 "legacy titled enum") as a standard titled `oneOf`. */
function titledEnum(property: JsonObject): JsonObject {
  const values = property.enum;
  const names = property.enumNames;
  if (!Array.isArray(values) || !Array.isArray(names)) return property;
  const { enumNames: _names, enum: _values, ...rest } = property;
  return { ...rest, oneOf: values.map((v, i) => ({ const: v, title: typeof names[i] === 'string' ? names[i] : String(v) })) };
}

/** `oneOf`/`anyOf` options with their titles marked, and a marked title for one whose untitled value hides characters. */
function markedOptions(options: JsonValue[]): JsonValue[] {
  return options.map(option => {
    if (!isObject(option)) return option;
    if (typeof option.title === 'string') return { ...option, title: withHiddenMarked(option.title) };
    const value = option.const;
    return typeof value === 'string' && withHiddenMarked(value) !== value ? { ...option, title: withHiddenMarked(value) } : option;
  });
}

/**
 * What the form shows of a property with its hidden characters written as marks ("[RLO]"), as everywhere a server's
 * text is shown: its label (the name when it has no title), its description, and its options' titles. An enum whose
 * values hide characters becomes a titled `oneOf`, so the values answered are still exactly the server's.
 */
function withMarkedLabels(name: string, property: JsonObject): JsonObject {
  const out: JsonObject = { ...property };
  const label = typeof property.title === 'string' ? property.title : name;
  if (withHiddenMarked(label) !== label) out.title = withHiddenMarked(label);
  if (typeof property.description === 'string') out.description = withHiddenMarked(property.description);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = property[key];
    if (Array.isArray(options)) out[key] = markedOptions(options);
  }
  const values = property.enum;
  if (Array.isArray(values) && values.some(v => typeof v === 'string' && withHiddenMarked(v) !== v)) {
    delete out.enum;
    out.oneOf = values.map((v): JsonObject => (typeof v === 'string' ? { const: v, title: withHiddenMarked(v) } : { const: v }));
  }
  if (isObject(property.items)) out.items = withMarkedLabels('', property.items);
  return out;
}

function isMultiSelect(property: JsonObject): boolean {
  return property.type === 'array' && isObject(property.items) && (Array.isArray(property.items.enum) || Array.isArray(property.items.anyOf) || Array.isArray(property.items.oneOf));
}

/** The schema's own definitions, so a property's `$ref` resolves for the form and its validator. */
function definitionsOf(schema: JsonObject): JsonObject {
  const out: JsonObject = {};
  if (isObject(schema.$defs)) out.$defs = schema.$defs;
  if (isObject(schema.definitions)) out.definitions = schema.definitions;
  return out;
}

export function toFormSpec(requestedSchema: JsonObject): FormSpec {
  const properties = isObject(requestedSchema.properties) ? requestedSchema.properties : {};
  const schemaProperties: Record<string, JsonObject> = {};
  const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  const fields: string[] = [];
  for (const [name, raw] of Object.entries(properties)) {
    if (!isObject(raw)) continue;
    fields.push(name);
    let property = withMarkedLabels(name, titledEnum(raw));
    if (isMultiSelect(property)) {
      // Checkboxes need distinct values; the spec's multi-select is a set.
      property = { ...property, uniqueItems: true };
      uiSchema[name] = { 'ui:widget': 'checkboxes' };
    } else if (property.type === 'string' && property.format === 'password') {
      uiSchema[name] = { 'ui:widget': 'password' };
    }
    schemaProperties[name] = property;
  }
  const required = Array.isArray(requestedSchema.required) ? requestedSchema.required.filter((r): r is string => typeof r === 'string' && r in schemaProperties) : [];
  return {
    schema: { type: 'object', properties: schemaProperties, ...(required.length && { required }), ...definitionsOf(requestedSchema) } as RJSFSchema,
    uiSchema,
    fields
  };
}

/** The accepted content as the contract carries it: only top-level values of the allowed types. */
export function toAnswerContent(formData: unknown, fields: string[]): AnswerContent {
  const content: AnswerContent = {};
  if (typeof formData !== 'object' || formData === null) return content;
  for (const name of fields) {
    const value = (formData as Record<string, unknown>)[name];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') content[name] = value;
    else if (Array.isArray(value) && value.every(v => typeof v === 'string')) content[name] = value;
  }
  return content;
}
