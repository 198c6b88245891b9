// The "Import servers" dialog: one-click choices for the Claude Desktop / Cursor / VS Code files found on this
// machine, a path field with a format for any other file, then what was imported and what was skipped and why.
// A Modal (focus stays inside, Escape closes); the opener gets focus back (the sidebar does that).
import { useId, useState, type FormEvent } from 'react';
import type { ImportCandidate, ImportFormat } from '../../../shared/contract';
import { Modal } from '../../app/Modal';
import { callErrorOf } from '../../api/call-error';
import { useImportCandidates, useImportServers } from '../../queries/use-import-servers';
import { FormProblem } from './FormProblem';
import './import-dialog.css';

const FORMATS: { value: ImportFormat; label: string }[] = [
  { value: 'auto', label: 'Detect from the file' },
  { value: 'claude', label: 'Claude Desktop (mcpServers)' },
  { value: 'cursor', label: 'Cursor (mcpServers)' },
  { value: 'vscode', label: 'VS Code (servers / mcp.servers)' }
];

function CandidateList({ busy, onPick }: { busy: boolean; onPick(candidate: ImportCandidate): void }) {
  const candidates = useImportCandidates();
  if (candidates.isPending) return <p className="note">Looking for Claude Desktop, Cursor and VS Code files…</p>;
  if (candidates.isError) return <p className="note">Could not look for other apps' files: {callErrorOf(candidates.error).message}</p>;
  if (!candidates.data.length) return <p className="note">No Claude Desktop, Cursor or VS Code config file was found on this machine.</p>;
  return (
    <ul className="import-candidates" aria-label="Config files found on this machine">
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
            Import from {c.label}
          </button>
          <code className="import-path-text">{c.path}</code>
        </li>
      ))}
    </ul>
  );
}

export function ImportDialog({ onClose }: { onClose(): void }) {
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
      <h2 id={`${id}-title`}>Import servers</h2>
      <p id={`${id}-about`} className="note">
        Adds the MCP servers of another app's config file to this app's config. Servers whose name is already configured are skipped.
      </p>
      <CandidateList busy={importServers.isPending} onPick={c => importServers.mutate({ path: c.path, format: c.app })} />
      <form className="import-form" onSubmit={submit} aria-label="Import from a file">
        <label htmlFor={`${id}-path`}>Config file path</label>
        <input
          id={`${id}-path`}
          data-testid="import-path"
          value={path}
          onChange={e => setPath(e.target.value)}
          placeholder="/path/to/mcp.json"
          spellCheck={false}
          autoComplete="off"
        />
        <label htmlFor={`${id}-format`}>Format</label>
        <select id={`${id}-format`} data-testid="import-format" value={format} onChange={e => setFormat(e.target.value as ImportFormat)}>
          {FORMATS.map(f => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
        <div className="form-actions">
          {/* aria-disabled while busy, not disabled: a disabled button would drop the focus out of the dialog. */}
          <button type="submit" data-testid="import-submit" disabled={!path.trim()} aria-disabled={importServers.isPending}>
            {importServers.isPending ? 'Importing…' : 'Import'}
          </button>
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
      <FormProblem problem={problem} />
      {result && <ImportResult imported={result.imported} skipped={result.skipped} />}
    </Modal>
  );
}

function ImportResult({ imported, skipped }: { imported: string[]; skipped: { name: string; reason: string }[] }) {
  return (
    <div role="status" data-testid="import-result" data-imported={imported.length} data-skipped={skipped.length} className="import-result">
      <p>
        {imported.length ? `Imported ${imported.length} server${imported.length === 1 ? '' : 's'}: ` : 'No server was imported.'}
        {imported.map((name, i) => (
          <span key={name} data-testid="import-imported" data-name={name}>
            {i > 0 && ', '}
            <strong>{name}</strong>
          </span>
        ))}
      </p>
      {skipped.length > 0 && (
        <>
          <p>Skipped:</p>
          <ul>
            {/* Names and reasons come from the imported file: plain text only. */}
            {skipped.map(s => (
              <li key={s.name} data-testid="import-skipped" data-name={s.name}>
                <strong>{s.name}</strong>: {s.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
