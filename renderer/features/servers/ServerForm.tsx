// The server form: adding a server (stdio command or HTTP URL, `servers.add`) or editing one (`servers.update`,
// prefilled from the stored entry with its secrets redacted; a redacted value left alone keeps the stored one).
// Failures show in the form.
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerConfigEntry, TransportKind } from '../../../shared/contract';
import { TRANSPORT_KINDS, transportKinds } from '../../../shared/transport-kinds';
import { useEngine } from '../../app/engine-context';
import { callErrorOf } from '../../api/call-error';
import { emptyServerForm, formFromEntry, parseServerForm, type FormProblemReason, type ServerFormFields } from './server-form-model';
import { FormProblem } from './FormProblem';

export interface EditedServer {
  serverId: string;
  /** As `config.get` shows it: secrets redacted. */
  entry: ServerConfigEntry;
}

function useProblemText() {
  const { t } = useTranslation('servers');
  return (problem: FormProblemReason) => {
    if (problem.reason === 'nameMissing') return t('form.problem.nameMissing');
    if (problem.reason === 'badPair') return t('form.problem.badPair', { field: t(`form.${problem.field}`), line: problem.line, separator: problem.separator });
    return t('form.problem.invalid', { issue: problem.issue });
  };
}

export function ServerForm({ onDone, editing }: { onDone(): void; editing?: EditedServer }) {
  const engine = useEngine();
  const { t } = useTranslation('servers');
  const problemText = useProblemText();
  const id = useId();
  const [start] = useState(() => (editing ? formFromEntry(editing.serverId, editing.entry) : { fields: emptyServerForm, kept: {} }));
  const [fields, setFields] = useState<ServerFormFields>(start.fields);
  const [problem, setProblem] = useState<{ code: string; message: string } | null>(null);
  const save = useMutation({
    mutationFn: (p: { serverId: string; config: ServerConfigEntry }) => engine.call(editing ? 'servers.update' : 'servers.add', p),
    onSuccess: () => onDone(),
    onError: e => setProblem(callErrorOf(e))
  });
  const set = (patch: Partial<ServerFormFields>) => setFields(f => ({ ...f, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseServerForm(fields, start.kept);
    if (!parsed.ok) return setProblem({ code: 'config', message: problemText(parsed.problem) });
    setProblem(null);
    save.mutate({ serverId: parsed.serverId, config: parsed.config });
  };
  const field = (name: keyof ServerFormFields) => `${id}-${name}`;
  const idle = editing ? t('form.save') : t('form.add');
  const busy = editing ? t('form.saving') : t('form.adding');
  return (
    <form
      data-testid="server-form"
      data-editing={editing?.serverId}
      className="server-form"
      onSubmit={submit}
      aria-label={editing ? t('form.editLabel', { server: editing.serverId }) : t('form.addLabel')}
    >
      <label htmlFor={field('name')}>{t('form.name')}</label>
      <input id={field('name')} value={fields.name} onChange={e => set({ name: e.target.value })} readOnly={editing !== undefined} required />
      <label htmlFor={field('transport')}>{t('form.transport')}</label>
      <select id={field('transport')} value={fields.transport} onChange={e => set({ transport: e.target.value as TransportKind })}>
        {TRANSPORT_KINDS.map(kind => (
          <option key={kind} value={kind}>
            {t(`form.transports.${kind}`)}
          </option>
        ))}
      </select>
      {transportKinds[fields.transport].reach === 'command' ? (
        <>
          <label htmlFor={field('command')}>{t('form.command')}</label>
          <input id={field('command')} value={fields.command} onChange={e => set({ command: e.target.value })} />
          <label htmlFor={field('args')}>{t('form.args')}</label>
          <textarea id={field('args')} rows={3} value={fields.args} onChange={e => set({ args: e.target.value })} />
          <label htmlFor={field('env')}>{t('form.env')}</label>
          <textarea id={field('env')} rows={2} value={fields.env} onChange={e => set({ env: e.target.value })} />
        </>
      ) : (
        <>
          <label htmlFor={field('url')}>{t('form.url')}</label>
          <input id={field('url')} type="url" value={fields.url} onChange={e => set({ url: e.target.value })} />
          <label htmlFor={field('bearerToken')}>{editing ? t('form.bearerTokenEdit') : t('form.bearerToken')}</label>
          <input
            id={field('bearerToken')}
            type="password"
            autoComplete="off"
            value={fields.bearerToken}
            onChange={e => set({ bearerToken: e.target.value })}
          />
          <label htmlFor={field('headers')}>{t('form.headers')}</label>
          <textarea id={field('headers')} rows={2} value={fields.headers} onChange={e => set({ headers: e.target.value })} />
        </>
      )}
      {editing && <p className="note">{t('form.secretsKept')}</p>}
      <FormProblem problem={problem} />
      <div className="form-actions">
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? busy : idle}
        </button>
        <button type="button" onClick={onDone}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}
