// Toasts for background events (Radix Toast): never blocking, dismissible, announced politely (type
// "background"). Server events come from the server list the page already follows (serverToasts decides
// which); other features call `announce` (e.g. an export written). Radix injects no stylesheet, so the strict
// CSP (no inline styles) holds; the look is toasts.css on the theme tokens.
import * as Toast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import type { ServerState } from '../../../shared/contract';
import { useServers } from '../../queries/use-servers';
import { serverToasts, withFailure, withoutRepeats, type ServerToast, type ToastItem } from './server-toasts';
import './toasts.css';
import { messageWithHiddenMarked } from '../../../shared/hidden-characters';

type Tone = ToastItem['tone'];

/** At most this many toasts at once: a burst of events shows its newest, the older ones are dropped. */
const MAX_TOASTS = 4;

const useToastStore = create<{ items: ToastItem[]; next: number; dismiss(id: number): void }>(set => ({
  items: [],
  next: 1,
  dismiss: id => set(s => ({ items: s.items.filter(item => item.id !== id) }))
}));

/** Shows `message` as a toast; errors stay longer. The same text already shown is shown once, as the newest. */
export function announce(message: string, tone: Tone = 'info'): void {
  useToastStore.setState(s => ({
    items: [...s.items.filter(item => item.message !== message || item.tone !== tone), { id: s.next, message, tone }].slice(-MAX_TOASTS),
    next: s.next + 1
  }));
}

/** A server's failure as a toast, grouped with one already showing (withFailure). */
function announceFailure(serverId: string, message: string, grouped: (servers: string[]) => string): void {
  useToastStore.setState(s => ({ items: withFailure(s.items, s.next, serverId, message, grouped).slice(-MAX_TOASTS), next: s.next + 1 }));
}

function useServerToasts() {
  const { t } = useTranslation('shell');
  const servers = useServers().data;
  const previous = useRef<readonly ServerState[] | undefined>(undefined);
  const announced = useRef(new Map<string, string>());
  useEffect(() => {
    if (!servers) return;
    const words = (event: ServerToast) => {
      if (event.kind === 'serverError') return t('toast.serverError', { server: event.serverId, message: event.message });
      if (event.kind === 'serverDropped') return t('toast.serverDropped', { server: event.serverId });
      return t('toast.signInNeeded', { server: event.serverId });
    };
    const grouped = (failed: string[]) => t('toast.serversFailed', { count: failed.length, servers: failed.join(', ') });
    for (const event of withoutRepeats(serverToasts(previous.current, servers), servers, announced.current)) {
      if (event.kind === 'serverError') announceFailure(event.serverId, words(event), grouped);
      else announce(words(event), 'info');
    }
    previous.current = servers;
  }, [servers, t]);
}

export function Toasts() {
  const { t } = useTranslation('shell');
  useServerToasts();
  const items = useToastStore(s => s.items);
  const dismiss = useToastStore(s => s.dismiss);
  return (
    <Toast.Provider label={t('toast.region')} swipeDirection="right">
      {items.map(item => (
        <Toast.Root
          key={item.id}
          type="background"
          duration={item.tone === 'error' ? 10_000 : 5_000}
          className={`toast toast--${item.tone}`}
          data-testid="toast"
          data-tone={item.tone}
          onOpenChange={open => open || dismiss(item.id)}
        >
          <Toast.Description className="toast-message">{messageWithHiddenMarked(item.message)}</Toast.Description>
          <Toast.Close className="toast-dismiss" data-testid="toast-dismiss" aria-label={t('toast.dismiss')}>
            <X aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}
