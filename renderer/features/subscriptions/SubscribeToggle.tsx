// Watch / stop watching the open resource. When the server cannot send updates for it, the toggle is
// disabled and says why (no resources.subscribe, or not connected) instead of failing on click.
import { useMutation } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ServerId } from '../../../shared/contract';
import { watchAvailability } from '../../../shared/subscriptions/availability';
import { useEngine } from '../../app/engine-context';
import { callErrorOf } from '../../api/call-error';
import { useServers } from '../../queries/use-servers';
import { useUiStore } from '../../state/ui-store';
import { useSubscription } from './use-subscriptions';

export function SubscribeToggle({ serverId, uri }: { serverId: ServerId; uri: string }) {
  const { t } = useTranslation('subscriptions');
  const engine = useEngine();
  const reportError = useUiStore(s => s.reportError);
  const server = useServers().data?.find(s => s.id === serverId);
  const subscription = useSubscription(serverId, uri);
  const availability = watchAvailability(server?.status === 'connected' ? server.era : undefined, server?.capabilities);
  const toggle = useMutation({
    mutationFn: async (): Promise<void> => {
      if (subscription) await engine.call('subscriptions.unwatch', { serverId, uri });
      else await engine.call('subscriptions.watch', { serverId, uri });
    },
    onError: e => reportError(subscription ? t('errorContext.unwatch') : t('errorContext.watch'), callErrorOf(e))
  });
  const watching = subscription !== undefined;
  // A watch that exists can always be stopped, even while its server is away.
  const unavailable =
    !watching && !availability.available
      ? availability.cause === 'not-connected'
        ? t('unavailable.notConnected')
        : t('unavailable.noSubscribe', { revision: availability.revision })
      : null;
  const reasonId = `watch-reason-${serverId}-${uri}`;
  return (
    <span className="subscribe">
      <button
        type="button"
        data-testid="subscribe-toggle"
        aria-pressed={watching}
        disabled={unavailable !== null || toggle.isPending}
        aria-describedby={unavailable ? reasonId : undefined}
        title={unavailable ?? (watching ? t('toggle.stopTitle') : t('toggle.watchTitle'))}
        onClick={() => toggle.mutate()}
      >
        <Eye />
        {watching ? t('toggle.watching') : t('toggle.watch')}
      </button>
      {subscription && (
        <span className="subscribe-status" data-status={subscription.status}>
          {t(`status.${subscription.status}`)}
          {subscription.updates > 0 && t('toggle.updates', { count: subscription.updates })}
          {subscription.error && subscription.status !== 'active' && t('toggle.error', { message: subscription.error.message })}
        </span>
      )}
      {unavailable && (
        <span id={reasonId} className="subscribe-unavailable" data-testid="subscribe-unavailable">
          {unavailable}
        </span>
      )}
    </span>
  );
}
