// The server-details dock panel: pick a server (defaults to the one whose resource is open), see its details.
import { useTranslation } from 'react-i18next';
import { useServers } from '../../queries/use-servers';
import { useUiStore } from '../../state/ui-store';
import { callErrorOf } from '../../api/call-error';
import { transportKinds } from '../../../shared/transport-kinds';
import { OAuthView } from '../auth/OAuthView';
import { useAuthDetails } from '../auth/use-auth';
import { ServerDetailsView } from './ServerDetailsView';
import { useServerDetails } from './use-server-details';
import './server-details.css';

export function ServerDetailsPanel() {
  const { t } = useTranslation('serverDetails');
  const servers = useServers().data ?? [];
  const openServer = useUiStore(s => s.openResource?.serverId);
  const chosen = useUiStore(s => s.detailsServerId) ?? undefined;
  const setChosen = useUiStore(s => s.chooseDetailsServer);
  const serverId = [chosen, openServer, servers[0]?.id].find(id => id !== undefined && servers.some(s => s.id === id));
  const details = useServerDetails(serverId);
  const server = servers.find(s => s.id === serverId);
  const byUrl = server !== undefined && transportKinds[server.transport].reach !== 'command';
  const oauth = useAuthDetails(byUrl ? serverId : undefined);

  return (
    <section className="server-details-panel" aria-label={t('panel.label')}>
      <label>
        {t('panel.server')}{' '}
        <select data-testid="server-details-select" value={serverId ?? ''} onChange={e => setChosen(e.target.value)}>
          {servers.map(s => (
            <option key={s.id} value={s.id}>
              {s.id}
            </option>
          ))}
        </select>
      </label>
      {!serverId && <p className="details-muted">{t('panel.noServers')}</p>}
      {details.isError && (
        <p role="alert" className="details-warn">
          {t('panel.loadFailed', { message: callErrorOf(details.error).message })}
        </p>
      )}
      {details.data && <ServerDetailsView details={details.data} />}
      {byUrl && oauth.isError && (
        <p role="alert" className="details-warn">
          {t('panel.oauthFailed', { message: callErrorOf(oauth.error).message })}
        </p>
      )}
      {byUrl && oauth.data && <OAuthView details={oauth.data} serverUrl={server.endpoint} />}
    </section>
  );
}
