// Watching several resources in one step (the selection bar, the row menu on a selection): one
// `subscriptions.watch` per resource not watched yet, on servers that can watch; failures are reported together.
import { useTranslation } from 'react-i18next';
import type { ResourceItem } from '../../../shared/contract';
import { watchAvailability } from '../../../shared/subscriptions/availability';
import { callErrorOf } from '../../api/call-error';
import { useEngine } from '../../app/engine-context';
import { useServers } from '../../queries/use-servers';
import { useUiStore } from '../../state/ui-store';
import { useSubscriptions } from '../subscriptions/use-subscriptions';

export function useWatchMany(): (items: readonly ResourceItem[]) => Promise<number> {
  const { t } = useTranslation('picker');
  const engine = useEngine();
  const servers = useServers().data;
  const watched = useSubscriptions().data;
  const reportError = useUiStore(s => s.reportError);
  return async items => {
    const canWatch = (serverId: string) => {
      const server = servers?.find(s => s.id === serverId);
      return watchAvailability(server?.status === 'connected' ? server.era : undefined, server?.capabilities).available;
    };
    const isWatched = (item: ResourceItem) => watched?.some(s => s.serverId === item.serverId && s.uri === item.uri) ?? false;
    const todo = items.filter(item => canWatch(item.serverId) && !isWatched(item));
    const results = await Promise.allSettled(todo.map(({ serverId, uri }) => engine.call('subscriptions.watch', { serverId, uri })));
    const failed = results.find(r => r.status === 'rejected');
    if (failed) reportError(t('selection.watchFailed'), callErrorOf(failed.reason));
    return results.filter(r => r.status === 'fulfilled').length;
  };
}
