// The server sidebar: a compact card per configured server (ServerCard), adding and importing servers, and
// a way back to all servers when the picker is narrowed to chosen ones.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callErrorOf } from '../../api/call-error';
import { useServers } from '../../queries/use-servers';
import { useUiStore } from '../../state/ui-store';
import { ImportDialog } from './ImportDialog';
import { ServerCard } from './ServerCard';
import { ServerForm } from './ServerForm';
import { narrowedGroup, summaryGroupOf, SUMMARY_FROM, type SummaryGroup } from './server-summary';
import { ServerSummary } from './ServerSummary';
import './servers.css';

export function ServerSidebar() {
  const { t } = useTranslation('servers');
  const servers = useServers();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const importButton = useRef<HTMLButtonElement>(null);
  const closeImport = () => {
    setImporting(false);
    importButton.current?.focus();
  };
  const [onlyGroup, setOnlyGroup] = useState<SummaryGroup>();
  const filtered = useUiStore(s => s.serverFilter.length > 0);
  const clearFilter = useUiStore(s => s.clearServerFilter);
  const only = narrowedGroup(servers.data ?? [], onlyGroup);
  return (
    <nav className="sidebar" aria-label={t('sidebar.label')} data-tour="servers">
      <div className="sidebar-head">
        <h2>{t('sidebar.title')}</h2>
        <div className="sidebar-actions">
          <button type="button" data-testid="add-server-button" onClick={() => setAdding(a => !a)} aria-expanded={adding}>
            {t('sidebar.add')}
          </button>
          <button ref={importButton} type="button" data-testid="import-servers-button" aria-haspopup="dialog" onClick={() => setImporting(true)}>
            {t('sidebar.import')}
          </button>
        </div>
      </div>
      {importing && <ImportDialog onClose={closeImport} />}
      {adding && <ServerForm onDone={() => setAdding(false)} />}
      {filtered && (
        <button type="button" className="link-button" onClick={clearFilter}>
          {t('sidebar.showAll')}
        </button>
      )}
      {servers.isError && (
        <div role="alert" data-testid="error-banner" data-code={callErrorOf(servers.error).code} className="error-banner">
          {t('sidebar.loadFailed', { message: callErrorOf(servers.error).message })}
          <button type="button" onClick={() => void servers.refetch()}>
            {t('sidebar.retry')}
          </button>
        </div>
      )}
      {servers.data?.length === 0 && !adding && (
        <p className="empty-state" data-testid="empty-state" data-pane="servers">
          {t('sidebar.empty')}
        </p>
      )}
      {servers.data && servers.data.length >= SUMMARY_FROM && <ServerSummary servers={servers.data} only={only} onOnly={setOnlyGroup} />}
      <ul data-testid="server-list" className="server-list">
        {servers.data?.filter(s => only === undefined || summaryGroupOf(s) === only).map(s => <ServerCard key={s.id} server={s} />)}
      </ul>
    </nav>
  );
}
