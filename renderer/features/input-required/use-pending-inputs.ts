// The input requests waiting for the user, oldest first: the engine's list at mount, then kept current by
// `inputRequested` / `inputResolved` events (an answer given elsewhere, or a withdrawn read, removes it).
import { useEffect, useState } from 'react';
import type { PendingInputRequest } from '../../../shared/contract';
import { useEngine } from '../../app/engine-context';

export function usePendingInputs(): PendingInputRequest[] {
  const engine = useEngine();
  const [pending, setPending] = useState<PendingInputRequest[]>([]);
  useEffect(() => {
    let live = true;
    const add = (request: PendingInputRequest) => setPending(list => (list.some(r => r.id === request.id) ? list : [...list, request]));
    const offRequested = engine.on('inputRequested', add);
    const offResolved = engine.on('inputResolved', ({ id }) => setPending(list => list.filter(r => r.id !== id)));
    engine.call('input.pending', {}).then(
      list => {
        if (live) list.forEach(add);
      },
      () => undefined
    );
    return () => {
      live = false;
      offRequested();
      offResolved();
    };
  }, [engine]);
  return pending;
}
