// The sign-in pages the browser would not open (a popup blocker), by server: the server's card offers each as
// a link until its flow moves on. A hook mounted once follows the `authUrl` events.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import type { ServerId } from '../../../shared/contract';
import { useEngine } from '../../app/engine-context';
import { useUiStore } from '../../state/ui-store';
import { openSignInPage } from './open-sign-in-page';

interface BlockedSignInPages {
  urls: Partial<Record<ServerId, string>>;
  blocked(serverId: ServerId, url: string): void;
}

export const useBlockedSignInPages = create<BlockedSignInPages>()(set => ({
  urls: {},
  blocked: (serverId, url) => set(s => ({ urls: { ...s.urls, [serverId]: url } }))
}));

export function useOpenSignInPages(): void {
  const { t } = useTranslation('auth');
  const engine = useEngine();
  useEffect(
    () =>
      engine.on('authUrl', ({ serverId, url }) => {
        const outcome = openSignInPage(window, url);
        if (outcome === 'blocked') useBlockedSignInPages.getState().blocked(serverId, url);
        if (outcome === 'refused') {
          useUiStore.getState().reportError(t('errorContext.auth.signIn', { server: serverId }), { code: 'invalid_params', message: t('notHttpUrl') });
        }
      }),
    [engine, t]
  );
}
