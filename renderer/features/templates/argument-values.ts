// From what the user typed to RFC 6570 values: a text stays a string, a list is one item per line, pairs are
// `key=value` lines. Blank lines are skipped, and a blank field counts as not set (its expression expands to
// nothing), which is what a person leaving a field empty means.
import type { TemplateValue, TemplateValues } from '../../../shared/templates';
import type { ArgumentInput } from './templates-store';

function toTemplateValue(input: ArgumentInput | undefined): TemplateValue | undefined {
  if (!input) return undefined;
  if (input.kind === 'text') return input.text === '' ? undefined : input.text;
  const lines = input.text.split('\n').filter(line => line.trim() !== '');
  if (input.kind === 'list') return lines;
  return {
    pairs: lines.map(line => {
      const eq = line.indexOf('=');
      return eq === -1 ? [line, ''] : [line.slice(0, eq), line.slice(eq + 1)];
    })
  };
}

export function toTemplateValues(inputs: Record<string, ArgumentInput> | undefined): TemplateValues {
  const values: TemplateValues = {};
  for (const [name, input] of Object.entries(inputs ?? {})) values[name] = toTemplateValue(input);
  return values;
}
