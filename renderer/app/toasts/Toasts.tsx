// Toasts for background events (sonner): never blocking, dismissible, in a polite live region. Server events
// come from the server list the page already follows (serverToasts decides which); other features call
// `announce` (e.g. an export written).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast, Toaster } from 'sonner';
import type { ServerState } from '../../../shared/contract';
import { useServers } from '../../queries/use-servers';
import { serverToasts, type ServerToast } from './server-toasts';
import './toasts.css';

type Tone = 'info' | 'error';

function ToastCard({ id, message, tone }: { id: string | number; message: string; tone: Tone }) {
  const { t } = useTranslation('shell');
  return (
    <div className={`toast toast--${tone}`} data-testid="toast" data-tone={tone} role="status">
      <span className="toast-message">{message}</span>
      <button type="button" className="toast-dismiss" data-testid="toast-dismiss" aria-label={t('toast.dismiss')} onClick={() => toast.dismiss(id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** Shows `message` as a toast; errors stay longer. */
export function announce(message: string, tone: Tone = 'info'): void {
  toast.custom(id => <ToastCard id={id} message={message} tone={tone} />, { duration: tone === 'error' ? 10_000 : 5_000 });
}

function useServerToasts() {
  const { t } = useTranslation('shell');
  const servers = useServers().data;
  const previous = useRef<readonly ServerState[] | undefined>(undefined);
  useEffect(() => {
    if (!servers) return;
    const words = (event: ServerToast) => {
      if (event.kind === 'serverError') return t('toast.serverError', { server: event.serverId, message: event.message });
      if (event.kind === 'serverDropped') return t('toast.serverDropped', { server: event.serverId });
      return t('toast.signInNeeded', { server: event.serverId });
    };
    for (const event of serverToasts(previous.current, servers)) announce(words(event), event.kind === 'serverError' ? 'error' : 'info');
    previous.current = servers;
  }, [servers, t]);
}

export function Toasts({ theme }: { theme: 'light' | 'dark' }) {
  const { t } = useTranslation('shell');
  useServerToasts();
  return <Toaster theme={theme} position="bottom-right" containerAriaLabel={t('toast.region')} visibleToasts={4} gap={6} />;
}
