// What the template parser and expander report (as data, in shared/templates) put into the user's language: syntax
// errors, problems with a value, and how each variable is expanded.
import type { TFunction } from 'i18next';
import type { ExpansionProblem, TemplateOperator, TemplateSyntaxError, TemplateVariable } from '../../../shared/templates';

type TemplatesT = TFunction<'templates'>;

export function syntaxErrorMessage(error: TemplateSyntaxError, t: TemplatesT): string {
  switch (error.code) {
    case 'unexpectedClose':
    case 'unclosed':
    case 'emptyExpression':
      return t(`syntax.${error.code}`, { position: error.position });
    case 'reservedOperator':
      return t('syntax.reservedOperator', { operator: error.operator, expression: error.expression });
    case 'missingName':
      return t('syntax.missingName', { expression: error.expression, position: error.position });
    case 'invalidName':
      return t('syntax.invalidName', { name: error.name, expression: error.expression, position: error.position });
    case 'badPrefix':
      return t('syntax.badPrefix', { name: error.name, length: error.length, expression: error.expression });
  }
}

export function problemMessage(problem: ExpansionProblem, t: TemplatesT): string {
  switch (problem.code) {
    case 'syntax':
      return syntaxErrorMessage(problem.error, t);
    case 'prefixOnComposite':
      return t('problem.prefixOnComposite', { variable: problem.variable, prefix: problem.prefix });
    case 'unpairedSurrogate':
      return t('problem.unpairedSurrogate', { variable: problem.variable });
    case 'notExpandable':
      return t('problem.notExpandable', { variable: problem.variable, detail: problem.detail });
  }
}

const operatorKeys = {
  '': 'simple',
  '+': 'reserved',
  '#': 'fragment',
  '.': 'label',
  '/': 'pathSegment',
  ';': 'pathParameter',
  '?': 'query',
  '&': 'queryContinuation'
} as const satisfies Record<TemplateOperator, string>;

/**
 * How a variable is expanded, each place it is used once ("simple; query, first 2 characters"): a list of
 * independent facts, joined with the language's own list punctuation.
 */
export function describeVariable(variable: TemplateVariable, t: TemplatesT, language: string): string {
  const list = new Intl.ListFormat(language, { type: 'unit', style: 'short' });
  const uses = new Set<string>();
  for (const use of variable.occurrences) {
    const facts = [t(`usage.operator.${operatorKeys[use.operator]}`)];
    if (use.explode) facts.push(t('usage.explode'));
    if (use.prefix !== undefined) facts.push(t('usage.prefix', { count: use.prefix }));
    uses.add(list.format(facts));
  }
  return [...uses].join(t('usage.separator'));
}
