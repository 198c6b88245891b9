// Everything a server developer wants to know about one connection: era and version, identity,
// capabilities, instructions, the handshake result, the latest error, reconnects, stderr, notifications.
import { Trans, useTranslation } from 'react-i18next';
import type { ServerDetails } from '../../../shared/contract';
import { transportKinds } from '../../../shared/transport-kinds';
import { prettyJson } from '../protocol-log/log-format';
import { notificationSubject, summarizeCapabilities } from './details-format';
import { StderrPane } from './StderrPane';
import { revealHidden, ServerText } from '../server-text/ServerText';

export function ServerDetailsView({ details }: { details: ServerDetails }) {
  const { t } = useTranslation('serverDetails');
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
        <dt>{t('view.status')}</dt>
        <dd data-testid="server-details-status">{t(`status.${details.status}`)}</dd>
        <dt>{t('view.protocol')}</dt>
        <dd data-testid="server-details-era">
          {t(`era.${details.era ?? 'none'}`)}
          {details.protocolVersion && (
            <>
              {' · '}
              <Trans t={t} i18nKey="view.version" values={{ version: details.protocolVersion }} components={{ code: <code data-testid="server-details-version" /> }} />
            </>
          )}
        </dd>
        <dt>{t('view.server')}</dt>
        <dd data-testid="server-details-info">
          {details.serverInfo ? (
            <>
              <strong>
                <ServerText text={details.serverInfo.title ?? details.serverInfo.name} />
              </strong>{' '}
              {details.serverInfo.title && (
                <code>
                  <ServerText text={details.serverInfo.name} />
                </code>
              )}{' '}
              <Trans t={t} i18nKey="view.version" values={{ version: details.serverInfo.version }} components={{ code: <code /> }} />
            </>
          ) : (
            <span className="details-muted">{t('view.unknownUntilConnected')}</span>
          )}
        </dd>
        <dt>{localProcess ? t('view.command') : t('view.url')}</dt>
        <dd>
          <code data-testid="server-details-endpoint">{details.endpoint}</code> <span className="details-muted">{t('view.transport', { transport: details.transport })}</span>
          {details.pid !== undefined && <span data-testid="server-details-pid">{t('view.pid', { pid: details.pid })}</span>}
        </dd>
        {details.eraVerdict && (
          <>
            <dt>{t('view.eraChosenBy')}</dt>
            <dd data-testid="server-details-verdict" data-source={details.eraVerdict.source}>
              {details.eraVerdict.source === 'probe' ? t('view.verdictProbe') : t('view.verdictSaved')}{' '}
              <span className="details-muted">{t('view.savedAt', { date: new Date(details.eraVerdict.savedAt) })}</span>
            </dd>
          </>
        )}
        <dt>{t('view.capabilities')}</dt>
        <dd>
          <ul className="capabilities" data-testid="server-capabilities">
            {capabilities.length === 0 && <li className="details-muted">{t('view.noCapabilities')}</li>}
            {capabilities.map(c => (
              <li key={c.name} data-testid="server-capability" data-capability={c.name} data-flags={c.flags.join(',')}>
                <code>{c.name}</code>
                {c.flags.length > 0 && <span className="details-muted">{t('view.flags', { flags: c.flags.join(', ') })}</span>}
              </li>
            ))}
          </ul>
        </dd>
      </dl>

      {details.instructions && (
        <section aria-label={t('view.instructions')}>
          <h3>{t('view.instructions')}</h3>
          <pre className="details-pre" data-testid="server-instructions">
            {revealHidden(details.instructions, { bidiOnly: true })}
          </pre>
        </section>
      )}

      {details.lastError && (
        <section aria-label={t('view.latestError')} className="details-error" data-testid="server-last-error" data-code={details.lastError.code}>
          <h3>{t('view.latestError')}</h3>
          <p>
            <Trans
              t={t}
              i18nKey={details.lastError.rpcCode === undefined ? 'view.error' : 'view.errorRpc'}
              values={{ code: details.lastError.code, rpcCode: details.lastError.rpcCode, message: details.lastError.message }}
              components={{ strong: <strong /> }}
            />
          </p>
          {details.lastError.data !== undefined && <pre className="details-pre">{revealHidden(prettyJson(details.lastError.data), { keepLayout: true })}</pre>}
        </section>
      )}

      <section aria-label={t('view.reconnectHistory')}>
        <h3>{t('view.reconnects')}</h3>
        {details.reconnectHistory.length === 0 ? (
          <p className="details-muted">{t('view.noReconnects')}</p>
        ) : (
          <ol className="details-list" data-testid="reconnect-history">
            {details.reconnectHistory.map(r => (
              <li key={`${r.at}-${r.attempt}`} data-testid="reconnect-event" data-attempt={r.attempt}>
                {t('view.reconnect', { at: r.at, attempt: r.attempt, delay: r.delayMs, reason: r.reason })}
              </li>
            ))}
          </ol>
        )}
      </section>

      {localProcess && <StderrPane lines={details.stderr} dropped={details.stderrDropped} />}

      <section aria-label={t('view.notifications')}>
        <h3>{t('view.notifications')}</h3>
        {details.notifications.length === 0 ? (
          <p className="details-muted">{t('view.noNotifications')}</p>
        ) : (
          <ol className="details-list" data-testid="server-notifications">
            {details.notifications.map((n, i) => (
              <li key={`${n.at}-${i}`} data-testid="notification-item" data-method={n.method}>
                {t('time', { at: n.at })} <code>{n.method}</code> {notificationSubject(n.params)}
              </li>
            ))}
          </ol>
        )}
      </section>

      <details>
        <summary>{details.era === 'legacy' ? t('view.initializeResult') : t('view.discoverResult')}</summary>
        <pre className="details-pre" data-testid="server-handshake">
          {details.handshake === undefined ? t('view.notAvailable') : prettyJson(details.handshake)}
        </pre>
      </details>
    </div>
  );
}
