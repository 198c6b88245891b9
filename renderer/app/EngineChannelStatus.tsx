// Says when the page has lost its channel to the engine (browser mode's socket) and is getting it back: calls
// made meanwhile fail with a retry, and everything is refetched once it is back (queries/engine-events.ts).
// Nothing is shown while connected; IPC (Electron) never drops, so it never shows there.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarrierState } from '../../shared/contract';
import { useEngine } from './engine-context';

export function EngineChannelStatus() {
  const { t } = useTranslation();
  const engine = useEngine();
  const [state, setState] = useState<CarrierState>('connected');
  useEffect(() => engine.onCarrierState?.(setState), [engine]);
  if (state === 'connected') return null;
  return (
    <p className="engine-channel" role="status" data-testid="engine-channel" data-state={state}>
      {t('engineChannel.dropped')}
    </p>
  );
}
