// Keeps the panel's copy of the log current while the panel is mounted: subscribe first, backfill with
// `log.query`, then apply the events that arrived meanwhile (duplicates are skipped by seq).
import { useEffect } from 'react';
import type { EngineEvents } from '../../../shared/contract';
import { useEngine } from '../../app/engine-context';
import { useUiStore } from '../../state/ui-store';
import { toAppErrorLike } from './errors';
import { UI_MAX_ENTRIES, useLogStore } from './log-store';

export function useLogFeed(): void {
  const engine = useEngine();
  useEffect(() => {
    const { load, append } = useLogStore.getState();
    let early: EngineEvents['logAppended'][] | null = [];
    const off = engine.on('logAppended', event => {
      if (early) early.push(event);
      else append(event.entries, event.dropped);
    });
    let live = true;
    engine.call('log.query', { limit: UI_MAX_ENTRIES }).then(
      page => {
        if (!live) return;
        load(page);
        for (const event of early ?? []) append(event.entries, event.dropped);
        early = null;
      },
      (err: unknown) => {
        early = null;
        if (live) useUiStore.getState().reportError('Protocol log', toAppErrorLike(err));
      }
    );
    return () => {
      live = false;
      off();
    };
  }, [engine]);
}
