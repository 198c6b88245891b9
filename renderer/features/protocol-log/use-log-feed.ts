// Keeps the panel's copy of the log current while the panel is mounted: subscribe first, backfill with
// `log.query`, then apply the events that arrived meanwhile (duplicates are skipped by seq). Under a
// flood, events are applied together at most every APPLY_MS: each application costs a render, a layout
// and a paint, so fewer, larger ones keep the page responsive.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { EngineEvents } from '../../../shared/contract';
import { useEngine } from '../../app/engine-context';
import { useUiStore } from '../../state/ui-store';
import { callErrorOf } from '../../api/call-error';
import { UI_MAX_ENTRIES, useLogStore } from './log-store';

const APPLY_MS = 200;

export function useLogFeed(): void {
  const { t } = useTranslation('log');
  const engine = useEngine();
  useEffect(() => {
    const { load, append } = useLogStore.getState();
    let early: EngineEvents['logAppended'][] | null = [];
    let waiting: EngineEvents['logAppended'][] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const applyWaiting = () => {
      timer = undefined;
      const events = waiting;
      waiting = [];
      if (events.length > 0) append(events.flatMap(e => e.entries), events[events.length - 1].dropped);
    };
    const off = engine.on('logAppended', event => {
      if (early) {
        early.push(event);
        return;
      }
      waiting.push(event);
      timer ??= setTimeout(applyWaiting, APPLY_MS);
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
        if (live) useUiStore.getState().reportError(t('panel.label'), callErrorOf(err));
      }
    );
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
      off();
    };
  }, [engine, t]);
}
