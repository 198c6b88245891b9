// Every watched resource across servers: how it is watched, its state, how many updates arrived and when
// the last one did; open it in the viewer or stop watching.
import { useMutation } from '@tanstack/react-query';
import { memo } from 'react';
import type { SubscriptionInfo } from '../../../shared/contract';
import { resourceKey } from '../../../shared/resource-key';
import { useEngine } from '../../app/engine-context';
import { callErrorOf } from '../../api/call-error';
import { useUiStore } from '../../state/ui-store';
import { useSubscriptions } from './use-subscriptions';
import './subscriptions.css';

// Memoised: a change re-renders only its own row (the list keeps the other rows' objects).
const SubscriptionRow = memo(function SubscriptionRow({ info }: { info: SubscriptionInfo }) {
  const engine = useEngine();
  const open = useUiStore(s => s.open);
  const reportError = useUiStore(s => s.reportError);
  const unwatch = useMutation({
    mutationFn: () => engine.call('subscriptions.unwatch', { serverId: info.serverId, uri: info.uri }),
    onError: e => reportError('Stop watching', callErrorOf(e))
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
        {info.uri}
      </button>
      <span className="subscription-server">{info.serverId}</span>
      <span className="subscription-mechanism">{info.mechanism === 'listen' ? 'subscriptions/listen' : 'resources/subscribe'}</span>
      <span className={`subscription-status subscription-status--${info.status}`}>{info.status}</span>
      <span className="subscription-updates">
        {info.updates} update{info.updates === 1 ? '' : 's'}
        {info.lastUpdated && <>, last at {new Date(info.lastUpdated).toLocaleTimeString()}</>}
      </span>
      {info.error && info.status !== 'active' && <span className="subscription-error">{info.error.message}</span>}
      <button type="button" onClick={() => unwatch.mutate()} disabled={unwatch.isPending}>
        Stop
      </button>
    </li>
  );
});

export function SubscriptionsPanel() {
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
        <p className="template-hint">Nothing is watched. Open a resource and press Watch to follow its changes.</p>
      ) : (
        <ul className="subscription-list" aria-label="Watched resources">
          {list.map(info => (
            <SubscriptionRow key={resourceKey(info)} info={info} />
          ))}
        </ul>
      )}
    </div>
  );
}
