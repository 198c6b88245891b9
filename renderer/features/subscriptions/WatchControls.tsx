// What the viewer shows for live resources: the watch toggle and, once the resource changed, its diff.
import type { ServerId } from '../../../shared/contract';
import { ResourceDiffButton } from './ResourceDiff';
import { SubscribeToggle } from './SubscribeToggle';
import './subscriptions.css';

export function WatchControls({ serverId, uri }: { serverId: ServerId; uri: string }) {
  return (
    <div className="watch-controls">
      <SubscribeToggle serverId={serverId} uri={uri} />
      <ResourceDiffButton serverId={serverId} uri={uri} />
    </div>
  );
}
