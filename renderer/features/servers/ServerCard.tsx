// One compact server card: status, protocol era, how many resources are listed and watched, the error up
// front, sign-in when it is needed; its actions are in a menu (ServerMenu). The checkbox narrows the picker.
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerState } from '../../../shared/contract';
import { useListedItems } from '../../queries/use-resource-list';
import { useUiStore } from '../../state/ui-store';
import { ServerAuth } from '../auth/ServerAuth';
import { useSubscriptions } from '../subscriptions/use-subscriptions';
import { ServerEditor } from './ServerEditor';
import { ServerMenu } from './ServerMenu';
import { useServerEditStore } from './server-edit-store';
import { useServerActions } from './use-server-actions';
import { ServerText } from '../server-text/ServerText';
import { messageWithHiddenMarked, withHiddenMarked } from '../../../shared/hidden-characters';

/** How many resources are listed (`listing`: a listing is under way, and these are its items so far) and watched. */
function useCounts(serverId: string): { resources?: number; listing: boolean; failed: boolean; watches: number } {
  const { list, progress, failed } = useListedItems(serverId);
  const watches = useSubscriptions().data?.filter(s => s.serverId === serverId).length ?? 0;
  const resources = list ? (list.streamed ?? list.items.length) : progress?.walked;
  const unfinished = !list && progress !== undefined && !progress.done;
  return { resources, listing: unfinished && !failed, failed: unfinished && failed, watches };
}

/** An error's first line (what went wrong, in words) stands out; the lines after it (details, stderr) do not. */
function ErrorLines({ message }: { message: string }) {
  const cut = message.indexOf('\n');
  if (cut < 0) return <strong>{message}</strong>;
  return (
    <>
      <strong>{message.slice(0, cut)}</strong>
      {message.slice(cut)}
    </>
  );
}

const countKey = (counts: { listing: boolean; failed: boolean }) => (counts.failed ? 'card.resourcesFailed' : counts.listing ? 'card.resourcesSoFar' : 'card.resources');

function RemoveConfirm({ serverId, onCancel }: { serverId: string; onCancel(): void }) {
  const { t } = useTranslation('servers');
  const actions = useServerActions();
  return (
    <div className="server-confirm" role="group" aria-label={t('menu.confirmRemove', { server: serverId })}>
      <p>{t('menu.confirmRemove', { server: serverId })}</p>
      <div className="form-actions">
        <button type="button" className="danger-button" data-testid="server-remove-confirm" onClick={() => void actions.run('remove', serverId)}>
          {t('menu.remove')}
        </button>
        <button type="button" onClick={onCancel} autoFocus>
          {t('form.cancel')}
        </button>
      </div>
    </div>
  );
}

/**
 * Memoised: a server's state event replaces only that server's object in the list, so the other cards (fifty at
 * a fleet's start, each with its menu) skip the render.
 */
export const ServerCard = memo(function ServerCard({ server }: { server: ServerState }) {
  const { t } = useTranslation('servers');
  const shown = useUiStore(s => s.serverFilter.includes(server.id));
  const toggleShown = useUiStore(s => s.toggleServerFilter);
  const [removing, setRemoving] = useState(false);
  const editing = useServerEditStore(s => s.editing === server.id);
  const edit = useServerEditStore(s => s.edit);
  const editDone = useServerEditStore(s => s.done);
  const counts = useCounts(server.id);
  const label = server.serverInfo?.title || server.serverInfo?.name || server.id;
  const status = server.disabled ? 'disabled' : server.startQueued && server.status === 'disconnected' ? 'queued' : server.status;
  // While sign-in is what the server waits for, its sign-in status says so: the error would repeat it.
  const errorSaidBySignIn = server.lastError?.code === 'unauthorized' && server.auth !== undefined && server.auth.state !== 'none';
  const error = server.lastError && server.status !== 'connected' && !server.disabled && !errorSaidBySignIn ? server.lastError : undefined;
  const errorText = error ? messageWithHiddenMarked(error.message) : '';
  return (
    <li
      data-testid="server-item"
      data-server-id={server.id}
      data-status={server.status}
      data-era={server.era}
      data-disabled={server.disabled ? 'true' : undefined}
      data-throttled={server.throttle ? 'true' : undefined}
      className={`server-card server-card--${status}`}
    >
      <div className="server-card-head">
        <input type="checkbox" checked={shown} onChange={() => toggleShown(server.id)} aria-label={t('card.showOnly', { server: server.id })} />
        <span className={`status-dot status-dot--${status}`} aria-hidden="true" />
        <span className="server-name" title={server.endpoint}>
          {server.id}
        </span>
        <ServerMenu server={server} onEdit={() => edit(server.id)} onRemove={() => setRemoving(true)} />
      </div>
      <div className="server-card-meta">
        <span className={`server-status server-status--${status}`} data-testid="server-status">
          {t(`card.status.${status}`)}
        </span>
        {server.era && (
          <span className="server-era" data-testid="server-era" title={t(`card.era.${server.era}`)}>
            {server.protocolVersion ?? t(`card.era.${server.era}`)}
          </span>
        )}
        {counts.resources !== undefined && (
          <span data-testid="server-resource-count" data-listing={counts.listing ? 'true' : counts.failed ? 'failed' : undefined}>
            {t(countKey(counts), { count: counts.resources })}
          </span>
        )}
        {counts.watches > 0 && <span data-testid="server-watch-count">{t('card.watches', { count: counts.watches })}</span>}
        <span className="server-transport">{server.transport}</span>
      </div>
      {label !== server.id && (
        <p className="server-title">
          <ServerText text={label} />
        </p>
      )}
      {server.disabled && <p className="server-note">{t('card.disabledNote')}</p>}
      {error && (
        // A long message (a crash loop's stderr) is cut to a few lines here; whole on hover and in the server's details.
        <p className="server-error" role="status" data-testid="server-error" data-code={error.code} title={errorText}>
          <ErrorLines
            message={
              server.nextRetryAt && server.status === 'reconnecting'
                ? t('card.retryAt', { message: errorText, time: new Date(server.nextRetryAt).toLocaleTimeString() })
                : errorText
            }
          />
        </p>
      )}
      {server.throttle && (
        <p className="server-throttle" role="status" data-testid="server-throttle">
          {t('card.throttled', {
            pauses: server.throttle.pauses,
            seconds: Math.round(server.throttle.pausedMs / 1000),
            unwatched: server.throttle.unwatched,
            coalesced: server.throttle.coalesced
          })}
        </p>
      )}
      {server.stdoutNoise && (
        <p className="server-noise" role="status" data-testid="server-stdout-noise" data-lines={server.stdoutNoise.lines}>
          {t('card.stdoutNoise', { count: server.stdoutNoise.lines, last: withHiddenMarked(server.stdoutNoise.last) })}
        </p>
      )}
      {server.unmatchedAnswers && (
        <p className="server-noise" role="status" data-testid="server-unmatched-answers" data-count={server.unmatchedAnswers.count}>
          {t('card.unmatchedAnswers', { count: server.unmatchedAnswers.count, id: withHiddenMarked(server.unmatchedAnswers.lastId) })}
        </p>
      )}
      {server.auth && <ServerAuth serverId={server.id} auth={server.auth} />}
      {editing && <ServerEditor serverId={server.id} onDone={editDone} />}
      {removing && <RemoveConfirm serverId={server.id} onCancel={() => setRemoving(false)} />}
    </li>
  );
});
