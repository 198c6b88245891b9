// Everything a server developer wants to know about one connection: era and version, identity,
// capabilities, instructions, the handshake result, the latest error, reconnects, stderr, notifications.
import type { ServerDetails } from '../../../shared/contract';
import { transportKinds } from '../../../shared/transport-kinds';
import { prettyJson } from '../protocol-log/log-format';
import { eraLabel, formatTime, notificationSubject, summarizeCapabilities } from './details-format';
import { StderrPane } from './StderrPane';

export function ServerDetailsView({ details }: { details: ServerDetails }) {
  const capabilities = summarizeCapabilities(details.capabilities);
  const localProcess = transportKinds[details.transport].reach === 'command';
  return (
    <div
      className="server-details"
      data-testid="server-details"
      data-server-id={details.id}
      data-status={details.status}
      data-era={details.era ?? ''}
      data-protocol-version={details.protocolVersion ?? ''}
      data-transport={details.transport}
    >
      <dl className="details-grid">
        <dt>Status</dt>
        <dd data-testid="server-details-status">{details.status}</dd>
        <dt>Protocol</dt>
        <dd data-testid="server-details-era">
          {eraLabel(details.era)}
          {details.protocolVersion && (
            <>
              {' · version '}
              <code data-testid="server-details-version">{details.protocolVersion}</code>
            </>
          )}
        </dd>
        <dt>Server</dt>
        <dd data-testid="server-details-info">
          {details.serverInfo ? (
            <>
              <strong>{details.serverInfo.title ?? details.serverInfo.name}</strong> {details.serverInfo.title && <code>{details.serverInfo.name}</code>}{' '}
              version <code>{details.serverInfo.version}</code>
            </>
          ) : (
            <span className="details-muted">unknown until connected</span>
          )}
        </dd>
        <dt>{localProcess ? 'Command' : 'URL'}</dt>
        <dd>
          <code data-testid="server-details-endpoint">{details.endpoint}</code> <span className="details-muted">({details.transport})</span>
          {details.pid !== undefined && <span data-testid="server-details-pid"> · pid {details.pid}</span>}
        </dd>
        {details.eraVerdict && (
          <>
            <dt>Era chosen by</dt>
            <dd data-testid="server-details-verdict" data-source={details.eraVerdict.source}>
              {details.eraVerdict.source === 'probe' ? 'a server/discover probe on this connection' : 'a verdict saved from an earlier connection'}{' '}
              <span className="details-muted">(saved {new Date(details.eraVerdict.savedAt).toLocaleString('en-GB')})</span>
            </dd>
          </>
        )}
        <dt>Capabilities</dt>
        <dd>
          <ul className="capabilities" data-testid="server-capabilities">
            {capabilities.length === 0 && <li className="details-muted">none declared</li>}
            {capabilities.map(c => (
              <li key={c.name} data-testid="server-capability" data-capability={c.name} data-flags={c.flags.join(',')}>
                <code>{c.name}</code>
                {c.flags.length > 0 && <span className="details-muted"> ({c.flags.join(', ')})</span>}
              </li>
            ))}
          </ul>
        </dd>
      </dl>

      {details.instructions && (
        <section aria-label="Instructions">
          <h4>Instructions</h4>
          <pre className="details-pre" data-testid="server-instructions">
            {details.instructions}
          </pre>
        </section>
      )}

      {details.lastError && (
        <section aria-label="Latest error" className="details-error" data-testid="server-last-error" data-code={details.lastError.code}>
          <h4>Latest error</h4>
          <p>
            <strong>{details.lastError.code}</strong>
            {details.lastError.rpcCode !== undefined && <> (JSON-RPC {details.lastError.rpcCode})</>}: {details.lastError.message}
          </p>
          {details.lastError.data !== undefined && <pre className="details-pre">{prettyJson(details.lastError.data)}</pre>}
        </section>
      )}

      <section aria-label="Reconnect history">
        <h4>Reconnects</h4>
        {details.reconnectHistory.length === 0 ? (
          <p className="details-muted">No reconnects.</p>
        ) : (
          <ol className="details-list" data-testid="reconnect-history">
            {details.reconnectHistory.map(r => (
              <li key={`${r.at}-${r.attempt}`} data-testid="reconnect-event" data-attempt={r.attempt}>
                {formatTime(r.at)} · attempt {r.attempt} · waited {r.delayMs} ms · {r.reason}
              </li>
            ))}
          </ol>
        )}
      </section>

      {localProcess && <StderrPane lines={details.stderr} dropped={details.stderrDropped} />}

      <section aria-label="Notifications received">
        <h4>Notifications received</h4>
        {details.notifications.length === 0 ? (
          <p className="details-muted">None yet.</p>
        ) : (
          <ol className="details-list" data-testid="server-notifications">
            {details.notifications.map((n, i) => (
              <li key={`${n.at}-${i}`} data-testid="notification-item" data-method={n.method}>
                {formatTime(n.at)} <code>{n.method}</code> {notificationSubject(n.params)}
              </li>
            ))}
          </ol>
        )}
      </section>

      <details>
        <summary>{details.era === 'legacy' ? 'initialize result' : 'server/discover result'}</summary>
        <pre className="details-pre" data-testid="server-handshake">
          {details.handshake === undefined ? 'Not available.' : prettyJson(details.handshake)}
        </pre>
      </details>
    </div>
  );
}
