// The "Import servers" dialog: one-click choices for the Claude Desktop / Cursor / VS Code files found on this
// machine, a path field with a format for any other file, then what was imported and what was skipped and why.
// A Modal (focus stays inside, Escape closes); the opener gets focus back (the sidebar does that).
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportCandidate, ImportFormat } from '../../../shared/contract';
import { Modal } from '../../app/Modal';
import { callErrorOf } from '../../api/call-error';
import { useImportCandidates, useImportServers } from '../../queries/use-import-servers';
import { FormProblem } from './FormProblem';
import './import-dialog.css';

const FORMATS: readonly ImportFormat[] = ['auto', 'claude', 'cursor', 'vscode'];

function CandidateList({ busy, onPick }: { busy: boolean; onPick(candidate: ImportCandidate): void }) {
  const { t } = useTranslation('servers');
  const candidates = useImportCandidates();
  if (candidates.isPending) return <p className="note">{t('import.looking')}</p>;
  if (candidates.isError) return <p className="note">{t('import.lookFailed', { message: callErrorOf(candidates.error).message })}</p>;
  if (!candidates.data.length) return <p className="note">{t('import.noneFound')}</p>;
  return (
    <ul className="import-candidates" aria-label={t('import.foundLabel')}>
      {candidates.data.map(c => (
        <li key={c.path}>
          <button
            type="button"
            data-testid="import-candidate"
            data-app={c.app}
            data-path={c.path}
            aria-disabled={busy}
            onClick={() => !busy && onPick(c)}
          >
            {t('import.importFrom', { app: c.label })}
          </button>
          <code className="import-path-text">{c.path}</code>
        </li>
      ))}
    </ul>
  );
}

export function ImportDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('servers');
  const id = useId();
  const [path, setPath] = useState('');
  const [format, setFormat] = useState<ImportFormat>('auto');
  const importServers = useImportServers();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = path.trim();
    if (trimmed && !importServers.isPending) importServers.mutate({ path: trimmed, format });
  };
  const result = importServers.isSuccess ? importServers.data : undefined;
  const problem = importServers.isError ? callErrorOf(importServers.error) : undefined;

  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-about`} data-testid="import-dialog" onEscape={onClose}>
      <h2 id={`${id}-title`}>{t('import.title')}</h2>
      <p id={`${id}-about`} className="note">
        {t('import.about')}
      </p>
      <CandidateList busy={importServers.isPending} onPick={c => importServers.mutate({ path: c.path, format: c.app })} />
      <form className="import-form" onSubmit={submit} aria-label={t('import.formLabel')}>
        <label htmlFor={`${id}-path`}>{t('import.path')}</label>
        <input
          id={`${id}-path`}
          data-testid="import-path"
          value={path}
          onChange={e => setPath(e.target.value)}
          placeholder={t('import.pathPlaceholder')}
          spellCheck={false}
          autoComplete="off"
        />
        <label htmlFor={`${id}-format`}>{t('import.format')}</label>
        <select id={`${id}-format`} data-testid="import-format" value={format} onChange={e => setFormat(e.target.value as ImportFormat)}>
          {FORMATS.map(f => (
            <option key={f} value={f}>
              {t(`import.formats.${f}`)}
            </option>
          ))}
        </select>
        <div className="form-actions">
          {/* aria-disabled while busy, not disabled: a disabled button would drop the focus out of the dialog. */}
          <button type="submit" data-testid="import-submit" disabled={!path.trim()} aria-disabled={importServers.isPending}>
            {importServers.isPending ? t('import.importing') : t('import.submit')}
          </button>
          <button type="button" onClick={onClose}>
            {t('import.close')}
          </button>
        </div>
      </form>
      <FormProblem problem={problem} />
      {result && <ImportResult imported={result.imported} skipped={result.skipped} />}
    </Modal>
  );
}

function ImportResult({ imported, skipped }: { imported: string[]; skipped: { name: string; reason: string }[] }) {
  const { t } = useTranslation('servers');
  return (
    <div role="status" data-testid="import-result" data-imported={imported.length} data-skipped={skipped.length} className="import-result">
      <p>
        {imported.length ? t('import.imported', { count: imported.length }) : t('import.importedNone')}{' '}
        {imported.map((name, i) => (
          <span key={name} data-testid="import-imported" data-name={name}>
            {i > 0 && ', '}
            <strong>{name}</strong>
          </span>
        ))}
      </p>
      {skipped.length > 0 && (
        <>
          <p>{t('import.skipped')}</p>
          <ul>
            {/* Names and reasons come from the imported file: plain text only. */}
            {skipped.map(s => (
              <li key={s.name} data-testid="import-skipped" data-name={s.name}>
                {t('import.skippedItem', { name: s.name, reason: s.reason })}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
