// The form for one resource template: one field per RFC 6570 variable, a live preview of the expanded URI,
// a clear message for values that cannot expand, and a button that reads the URI like any other resource.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateItem } from '../../../shared/contract';
import { serverScopedKey } from '../../../shared/resource-key';
import { completionContext, expandTemplate, explodes, parseTemplate, type TemplateVariable } from '../../../shared/templates';
import { useUiStore } from '../../state/ui-store';
import { toTemplateValues } from './argument-values';
import { CompletionInput } from './CompletionInput';
import { useSavedTemplatesStore } from './saved-templates-store';
import { describeVariable, problemMessage, syntaxErrorMessage } from './template-messages';
import { useTemplatesStore, type ArgumentInput, type ValueKind } from './templates-store';
import { ServerText } from '../server-text/ServerText';
import { withHiddenMarked } from '../../../shared/hidden-characters';

interface Props {
  template: TemplateItem;
  /** The server declares `completions`. */
  completions: boolean;
}

/** Saving the values typed so far under a name, to run them again from the Saved list. */
function SaveValues({ template, inputs }: { template: TemplateItem; inputs: Record<string, ArgumentInput> | undefined }) {
  const { t } = useTranslation('templates');
  const save = useSavedTemplatesStore(s => s.save);
  const [name, setName] = useState('');
  const [saved, setSaved] = useState('');
  const submit = () => {
    if (!name.trim()) return;
    save({ name, serverId: template.serverId, uriTemplate: template.uriTemplate, inputs: inputs ?? {} });
    setSaved(t('save.saved', { name: name.trim() }));
    setName('');
  };
  return (
    <div className="template-save">
      <input
        data-testid="template-save-name"
        aria-label={t('save.nameLabel')}
        placeholder={t('save.namePlaceholder')}
        value={name}
        onChange={e => setName(e.target.value)}
        onKeyDown={e => {
          if (e.key !== 'Enter') return;
          // Enter here saves; it must not submit the form (which reads the resource).
          e.preventDefault();
          submit();
        }}
      />
      <button type="button" data-testid="template-save-button" disabled={!name.trim()} onClick={submit}>
        {t('save.button')}
      </button>
      <span role="status" className="template-hint">
        {saved}
      </span>
    </div>
  );
}

/** The id of a variable's hint, for `aria-describedby`. */
const hintIdOf = (name: string) => `template-hint-${name}`;

export function TemplateForm({ template, completions }: Props) {
  const { t, i18n } = useTranslation('templates');
  const key = serverScopedKey(template.serverId, template.uriTemplate);
  const inputs = useTemplatesStore(s => s.inputs[key]);
  const setInput = useTemplatesStore(s => s.setInput);
  const open = useUiStore(s => s.open);
  const parsed = useMemo(() => parseTemplate(template.uriTemplate), [template.uriTemplate]);
  const values = useMemo(() => toTemplateValues(inputs), [inputs]);
  const expansion = useMemo(() => expandTemplate(parsed, values), [parsed, values]);

  if (!parsed.ok) {
    return (
      <section data-testid="template-form" className="template-form" aria-label={t('formLabel', { name: template.name })}>
        <p role="alert" className="template-problem">
          {syntaxErrorMessage(parsed.error, t)}
        </p>
      </section>
    );
  }

  const inputOf = (variable: TemplateVariable): ArgumentInput => inputs?.[variable.name] ?? { kind: explodes(variable) ? 'list' : 'text', text: '' };
  const problemsOf = (name: string) => (expansion.ok ? [] : expansion.problems.filter(p => p.code !== 'syntax' && p.variable === name));

  return (
    <form
      data-testid="template-form"
      className="template-form"
      aria-label={t('formLabel', { name: withHiddenMarked(template.title ?? template.name) })}
      onSubmit={e => {
        e.preventDefault();
        if (expansion.ok) open({ serverId: template.serverId, uri: expansion.uri });
      }}
    >
      <h3>
        <ServerText text={template.title ?? template.name} />
      </h3>
      <code className="template-source">
        <ServerText text={template.uriTemplate} />
      </code>
      {template.description && <p className="template-description">{template.description}</p>}
      {parsed.variables.map(variable => {
        const input = inputOf(variable);
        const hintId = hintIdOf(variable.name);
        const problems = problemsOf(variable.name);
        return (
          <div key={variable.name} className="template-arg">
            <label htmlFor={`template-arg-${variable.name}`}>{variable.name}</label>
            <span id={hintId} className="template-hint">
              {describeVariable(variable, t, i18n.language)}
              {input.kind === 'list' && ` · ${t('listHint')}`}
              {input.kind === 'pairs' && ` · ${t('pairsHint')}`}
            </span>
            <select
              aria-label={t('kindLabel', { name: withHiddenMarked(variable.name) })}
              data-testid={`template-kind-${variable.name}`}
              value={input.kind}
              onChange={e => setInput(key, variable.name, { ...input, kind: e.target.value as ValueKind })}
            >
              <option value="text">{t('kind.text')}</option>
              <option value="list">{t('kind.list')}</option>
              <option value="pairs">{t('kind.pairs')}</option>
            </select>
            {input.kind === 'text' ? (
              <CompletionInput
                name={variable.name}
                label={variable.name}
                value={input.text}
                describedBy={hintId}
                onChange={text => setInput(key, variable.name, { ...input, text })}
                completion={
                  completions
                    ? { serverId: template.serverId, uriTemplate: template.uriTemplate, contextArguments: completionContext(values, variable.name) }
                    : null
                }
              />
            ) : (
              <textarea
                id={`template-arg-${variable.name}`}
                data-testid={`template-arg-${variable.name}`}
                aria-describedby={hintId}
                rows={3}
                value={input.text}
                onChange={e => setInput(key, variable.name, { ...input, text: e.target.value })}
              />
            )}
            {problems.map(p => {
              const message = problemMessage(p, t);
              return (
                <p key={message} role="alert" className="template-problem">
                  {message}
                </p>
              );
            })}
          </div>
        );
      })}
      <div className="template-result">
        <span className="template-preview-label">{t('uri')}</span>
        <output data-testid="template-preview" className="template-preview" data-valid={expansion.ok}>
          {expansion.ok ? expansion.uri : t('cannotExpand')}
        </output>
        {expansion.ok && expansion.unset.length > 0 && (
          <p className="template-hint">{t('unset', { names: expansion.unset.join(', ') })}</p>
        )}
        <button type="submit" data-testid="template-read-button" disabled={!expansion.ok}>
          {t('read')}
        </button>
      </div>
      <SaveValues template={template} inputs={inputs} />
    </form>
  );
}
