// The server sidebar: a compact card per configured server (ServerCard), adding and importing servers, and
// a way back to all servers when the picker is narrowed to chosen ones. From SUMMARY_FROM servers on, the cards can
// be narrowed to a status group (ServerSummary) and to those a query finds (server-find.ts); both narrow the
// sidebar only.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callErrorOf } from '../../api/call-error';
import { useServers } from '../../queries/use-servers';
import { useUiStore } from '../../state/ui-store';
import { ConfigProblem, useConfigChangedNotice, useConfigProblem } from './ConfigProblem';
import { ImportDialog } from './ImportDialog';
import { ServerCard } from './ServerCard';
import { ServerForm } from './ServerForm';
import { narrowedCards, SUMMARY_FROM, type SummaryGroup } from './server-summary';
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
  const [findQuery, setFindQuery] = useState('');
  const configProblem = useConfigProblem();
  useConfigChangedNotice();
  const all = servers.data ?? [];
  const { cards, group: only, query } = narrowedCards(all, onlyGroup, findQuery);
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
      {configProblem && <ConfigProblem problem={configProblem} />}
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
      {servers.data?.length === 0 && !adding && !configProblem && (
        <p className="empty-state" data-testid="empty-state" data-pane="servers">
          {t('sidebar.empty')}
        </p>
      )}
      {all.length >= SUMMARY_FROM && (
        <>
          <ServerSummary servers={all} only={only} onOnly={setOnlyGroup} />
          <input
            type="search"
            className="server-find"
            data-testid="server-find"
            value={findQuery}
            onChange={e => setFindQuery(e.target.value)}
            placeholder={t('find.placeholder')}
            aria-label={t('find.label')}
          />
        </>
      )}
      {query !== '' && cards.length === 0 && (
        <p className="empty-state" data-testid="server-find-empty">
          {t('find.none', { query })}
        </p>
      )}
      <ul data-testid="server-list" className="server-list">
        {cards.map(s => (
          <ServerCard key={s.id} server={s} />
        ))}
      </ul>
    </nav>
  );
}
