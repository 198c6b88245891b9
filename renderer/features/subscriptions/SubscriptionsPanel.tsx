// Every watched resource across servers: how it is watched, its state, how many updates arrived and when
// the last one did; open it in the viewer or stop watching.
import { useMutation } from '@tanstack/react-query';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionInfo } from '../../../shared/contract';
import { resourceKey } from '../../../shared/resource-key';
import { useEngine } from '../../app/engine-context';
import { callErrorOf } from '../../api/call-error';
import { useUiStore } from '../../state/ui-store';
import { useSubscriptions } from './use-subscriptions';
import './subscriptions.css';
import { ServerText } from '../server-text/ServerText';
import { messageWithHiddenMarked } from '../../../shared/hidden-characters';

/** The protocol method that carries the watch (shown as the method name, not translated). */
const mechanismMethod = { listen: 'subscriptions/listen', subscribe: 'resources/subscribe' } as const;

// Memoised: a change re-renders only its own row (the list keeps the other rows' objects).
const SubscriptionRow = memo(function SubscriptionRow({ info }: { info: SubscriptionInfo }) {
  const { t } = useTranslation('subscriptions');
  const engine = useEngine();
  const open = useUiStore(s => s.open);
  const reportError = useUiStore(s => s.reportError);
  const unwatch = useMutation({
    mutationFn: () => engine.call('subscriptions.unwatch', { serverId: info.serverId, uri: info.uri }),
    onError: e => reportError(t('errorContext.unwatch'), callErrorOf(e))
  });
  return (
    <li
      data-testid="subscription-item"
      data-server-id={info.serverId}
      data-uri={info.uri}
      data-status={info.status}
      data-updates={info.updates}
      data-last-updated={info.lastUpdated ?? ''}
      className="subscription-item"
    >
      <button type="button" className="link-button subscription-uri" onClick={() => open({ serverId: info.serverId, uri: info.uri })}>
        <ServerText text={info.uri} />
      </button>
      <span className="subscription-server">{info.serverId}</span>
      <span className="subscription-mechanism">{mechanismMethod[info.mechanism]}</span>
      <span className={`subscription-status subscription-status--${info.status}`}>{t(`status.${info.status}`)}</span>
      <span className="subscription-updates">
        {info.lastUpdated ? t('panel.updatesLast', { count: info.updates, at: info.lastUpdated }) : t('panel.updates', { count: info.updates })}
      </span>
      {info.error && info.status !== 'active' && <span className="subscription-error">{messageWithHiddenMarked(info.error.message)}</span>}
      <button type="button" onClick={() => unwatch.mutate()} disabled={unwatch.isPending}>
        {t('panel.stop')}
      </button>
    </li>
  );
});

export function SubscriptionsPanel() {
  const { t } = useTranslation('subscriptions');
  const subscriptions = useSubscriptions();
  const list = subscriptions.data ?? [];
  return (
    <div className="subscriptions-panel" data-testid="subscriptions-panel">
      {subscriptions.isError && (
        <p role="alert" data-testid="error-banner" data-code={callErrorOf(subscriptions.error).code} className="error-banner">
          {callErrorOf(subscriptions.error).message}
        </p>
      )}
      {list.length === 0 ? (
        <p className="template-hint">{t('panel.empty')}</p>
      ) : (
        <ul className="subscription-list" aria-label={t('panel.label')}>
          {list.map(info => (
            <SubscriptionRow key={resourceKey(info)} info={info} />
          ))}
        </ul>
      )}
    </div>
  );
}
