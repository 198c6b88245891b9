// The add-server form (stdio command or HTTP URL). Calls `servers.add`; failures show in the form.
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { MethodParams, TransportKind } from '../../../shared/contract';
import { TRANSPORT_KINDS, transportKinds } from '../../../shared/transport-kinds';
import { useEngine } from '../../app/engine-context';
import { callErrorOf } from '../../api/call-error';
import { emptyServerForm, parseServerForm, type ServerFormFields } from './server-form-model';
import { FormProblem } from './FormProblem';

export function ServerForm({ onDone }: { onDone(): void }) {
  const engine = useEngine();
  const id = useId();
  const [fields, setFields] = useState<ServerFormFields>(emptyServerForm);
  const [problem, setProblem] = useState<{ code: string; message: string } | null>(null);
  const add = useMutation({
    mutationFn: (p: MethodParams<'servers.add'>) => engine.call('servers.add', p),
    onSuccess: () => onDone(),
    onError: e => setProblem(callErrorOf(e))
  });
  const set = (patch: Partial<ServerFormFields>) => setFields(f => ({ ...f, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseServerForm(fields);
    if (!parsed.ok) return setProblem({ code: 'config', message: parsed.message });
    setProblem(null);
    add.mutate({ serverId: parsed.serverId, config: parsed.config });
  };
  const field = (name: keyof ServerFormFields) => `${id}-${name}`;
  return (
    <form data-testid="server-form" className="server-form" onSubmit={submit} aria-label="Add server">
      <label htmlFor={field('name')}>Name</label>
      <input id={field('name')} value={fields.name} onChange={e => set({ name: e.target.value })} required />
      <label htmlFor={field('transport')}>Transport</label>
      <select
        id={field('transport')}
        value={fields.transport}
        onChange={e => set({ transport: e.target.value as TransportKind })}
      >
        {TRANSPORT_KINDS.map(kind => (
          <option key={kind} value={kind}>
            {transportKinds[kind].label}
          </option>
        ))}
      </select>
      {transportKinds[fields.transport].reach === 'command' ? (
        <>
          <label htmlFor={field('command')}>Command</label>
          <input id={field('command')} value={fields.command} onChange={e => set({ command: e.target.value })} />
          <label htmlFor={field('args')}>Arguments (one per line)</label>
          <textarea id={field('args')} rows={3} value={fields.args} onChange={e => set({ args: e.target.value })} />
          <label htmlFor={field('env')}>Environment (KEY=value per line)</label>
          <textarea id={field('env')} rows={2} value={fields.env} onChange={e => set({ env: e.target.value })} />
        </>
      ) : (
        <>
          <label htmlFor={field('url')}>URL</label>
          <input id={field('url')} type="url" value={fields.url} onChange={e => set({ url: e.target.value })} />
          <label htmlFor={field('bearerToken')}>Bearer token (optional)</label>
          <input
            id={field('bearerToken')}
            type="password"
            autoComplete="off"
            value={fields.bearerToken}
            onChange={e => set({ bearerToken: e.target.value })}
          />
          <label htmlFor={field('headers')}>Headers (Name: value per line)</label>
          <textarea id={field('headers')} rows={2} value={fields.headers} onChange={e => set({ headers: e.target.value })} />
        </>
      )}
      <FormProblem problem={problem} />
      <div className="form-actions">
        <button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
