// The server sidebar: each configured server with its status, era, last error and a reconnect button,
// plus a toggle that narrows the picker to chosen servers.
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ServerState } from '../../../shared/contract';
import { useEngine } from '../../app/engine-context';
import { callErrorOf } from '../../api/call-error';
import { useServers } from '../../queries/use-servers';
import { useUiStore } from '../../state/ui-store';
import { ServerAuth } from '../auth/ServerAuth';
import { ImportDialog } from './ImportDialog';
import { ServerForm } from './ServerForm';

function ServerItem({ server }: { server: ServerState }) {
  const engine = useEngine();
  const reportError = useUiStore(s => s.reportError);
  const shown = useUiStore(s => s.serverFilter.includes(server.id));
  const toggleShown = useUiStore(s => s.toggleServerFilter);
  const reconnect = useMutation({
    mutationFn: () => engine.call('servers.reconnect', { serverId: server.id }),
    onError: e => reportError(`Reconnect ${server.id}`, callErrorOf(e))
  });
  const label = server.serverInfo?.title || server.serverInfo?.name || server.id;
  // While sign-in is what the server waits for, its sign-in status says so: the error would repeat it.
  const errorSaidBySignIn = server.lastError?.code === 'unauthorized' && server.auth !== undefined && server.auth.state !== 'none';
  return (
    <li
      data-testid="server-item"
      data-server-id={server.id}
      data-status={server.status}
      data-era={server.era}
      data-throttled={server.throttle ? 'true' : undefined}
      className={`server-item server-item--${server.status}`}
    >
      <div className="server-item-head">
        <span className={`status-dot status-dot--${server.status}`} aria-hidden="true" />
        <label className="server-name" title={server.endpoint}>
          <input
            type="checkbox"
            checked={shown}
            onChange={() => toggleShown(server.id)}
            aria-label={`Show only selected servers: ${server.id}`}
          />
          {server.id}
        </label>
      </div>
      <div className="server-meta">
        <span>{server.status}</span>
        {server.era && <span>{server.era === 'modern' ? '2026-07-28' : '2025-11-25'}</span>}
        {label !== server.id && <span>{label}</span>}
        <span>{server.transport}</span>
      </div>
      {server.throttle && (
        <p className="server-throttle" role="status" data-testid="server-throttle">
          throttled: sending faster than it is read (paused {server.throttle.pauses}×, {Math.round(server.throttle.pausedMs / 1000)} s;{' '}
          {server.throttle.unwatched} unwatched and {server.throttle.coalesced} repeated updates dropped)
        </p>
      )}
      {server.auth && <ServerAuth serverId={server.id} auth={server.auth} />}
      {server.lastError && server.status !== 'connected' && !errorSaidBySignIn && (
        <p className="server-error" role="status">
          {server.lastError.message}
          {server.nextRetryAt && server.status === 'reconnecting' && (
            <> (retry at {new Date(server.nextRetryAt).toLocaleTimeString()})</>
          )}
        </p>
      )}
      <button
        type="button"
        className="link-button"
        onClick={() => reconnect.mutate()}
        disabled={reconnect.isPending || server.status === 'connecting'}
      >
        Reconnect
      </button>
    </li>
  );
}

export function ServerSidebar() {
  const servers = useServers();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const importButton = useRef<HTMLButtonElement>(null);
  const closeImport = () => {
    setImporting(false);
    importButton.current?.focus();
  };
  const filtered = useUiStore(s => s.serverFilter.length > 0);
  const clearFilter = useUiStore(s => s.clearServerFilter);
  return (
    <nav className="sidebar" aria-label="Servers">
      <div className="sidebar-head">
        <h2>Servers</h2>
        <div className="sidebar-actions">
          <button type="button" data-testid="add-server-button" onClick={() => setAdding(a => !a)} aria-expanded={adding}>
            Add server
          </button>
          <button ref={importButton} type="button" data-testid="import-servers-button" aria-haspopup="dialog" onClick={() => setImporting(true)}>
            Import…
          </button>
        </div>
      </div>
      {importing && <ImportDialog onClose={closeImport} />}
      {adding && <ServerForm onDone={() => setAdding(false)} />}
      {filtered && (
        <button type="button" className="link-button" onClick={clearFilter}>
          Show all servers
        </button>
      )}
      {servers.isError && (
        <div role="alert" data-testid="error-banner" data-code={callErrorOf(servers.error).code} className="error-banner">
          Cannot load servers: {callErrorOf(servers.error).message}
          <button type="button" onClick={() => void servers.refetch()}>
            Retry
          </button>
        </div>
      )}
      <ul data-testid="server-list" className="server-list">
        {servers.data?.map(s => <ServerItem key={s.id} server={s} />)}
      </ul>
    </nav>
  );
}
