// Sign-in as TanStack hooks: the three actions on a server (start, cancel, sign out) and its OAuth view
// (`auth.details`). The status itself comes with the server's state (ServerState.auth), so nothing here polls:
// every change of a server's sign-in publishes a serverState event, which refetches the OAuth view.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerId } from '../../../shared/contract';
import { useEngine } from '../../app/engine-context';
import { callErrorOf } from '../../api/call-error';
import { queryKeys } from '../../queries/keys';
import { useUiStore } from '../../state/ui-store';

type AuthAction = 'auth.signIn' | 'auth.cancel' | 'auth.signOut';

function useAuthAction(method: AuthAction, serverId: ServerId) {
  const { t } = useTranslation('auth');
  const engine = useEngine();
  const reportError = useUiStore(s => s.reportError);
  return useMutation({
    mutationFn: (): Promise<unknown> => engine.call(method, { serverId }),
    onError: e => reportError(t(`errorContext.${method}`, { server: serverId }), callErrorOf(e))
  });
}

export const useSignIn = (serverId: ServerId) => useAuthAction('auth.signIn', serverId);
export const useCancelSignIn = (serverId: ServerId) => useAuthAction('auth.cancel', serverId);
export const useSignOut = (serverId: ServerId) => useAuthAction('auth.signOut', serverId);

/** The OAuth view of one URL server, refetched when its state (sign-in included) changes. */
export function useAuthDetails(serverId: ServerId | undefined) {
  const engine = useEngine();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!serverId) return;
    return engine.on('serverState', state => {
      if (state.id === serverId) void queryClient.invalidateQueries({ queryKey: queryKeys.authDetails(serverId) });
    });
  }, [engine, queryClient, serverId]);
  return useQuery({
    queryKey: queryKeys.authDetails(serverId ?? ''),
    queryFn: () => engine.call('auth.details', { serverId: serverId ?? '' }),
    enabled: !!serverId
  });
}
