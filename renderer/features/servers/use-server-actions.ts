// What a server card's menu (and the command palette) does to a server: the engine calls, with failures shown
// as error banners named after the action. One place, so the card and the palette cannot drift apart.
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ServerId } from '../../../shared/contract';
import { useEngine } from '../../app/engine-context';
import { callErrorOf } from '../../api/call-error';
import { useUiStore } from '../../state/ui-store';

export type ServerAction = 'reconnect' | 'disable' | 'enable' | 'remove';

export function useServerActions() {
  const engine = useEngine();
  const { t } = useTranslation('servers');
  const reportError = useUiStore(s => s.reportError);
  const setActiveDockPanel = useUiStore(s => s.setActiveDockPanel);
  const chooseDetailsServer = useUiStore(s => s.chooseDetailsServer);
  const mutation = useMutation({
    mutationFn: async ({ action, serverId }: { action: ServerAction; serverId: ServerId }): Promise<unknown> => {
      if (action === 'reconnect') return engine.call('servers.reconnect', { serverId });
      if (action === 'remove') return engine.call('servers.remove', { serverId });
      return engine.call('servers.setDisabled', { serverId, disabled: action === 'disable' });
    },
    onError: (e, { action, serverId }) => reportError(t(`menu.failed.${action}`, { server: serverId }), callErrorOf(e))
  });
  return {
    run: (action: ServerAction, serverId: ServerId) => mutation.mutateAsync({ action, serverId }).catch(() => undefined),
    pending: mutation.isPending ? mutation.variables : undefined,
    showDetails: (serverId: ServerId) => {
      chooseDetailsServer(serverId);
      setActiveDockPanel('server-details');
    }
  };
}
