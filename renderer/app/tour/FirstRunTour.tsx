// The first-run tour: on a first start (no config file yet, the embedded reference server configured) a short
// sequence of popovers names each pane. Shown once (remembered), dismissible at any step (Skip, Escape), and
// shown again from the command palette. Radix Popover anchored to the pane; non-modal, so work goes on.
import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../queries/keys';
import { useEngine } from '../engine-context';
import { TOUR_STEPS, useTourStore } from './tour-store';
import './tour.css';

function useFirstStart(): boolean {
  const engine = useEngine();
  const seen = useTourStore(s => s.seen);
  const config = useQuery({ queryKey: queryKeys.config(), queryFn: () => engine.call('config.get', {}), enabled: !seen, staleTime: Infinity });
  return !seen && config.data?.firstStart === true;
}

export function FirstRunTour() {
  const { t } = useTranslation('shell');
  const step = useTourStore(s => s.step);
  const start = useTourStore(s => s.start);
  const go = useTourStore(s => s.go);
  const finish = useTourStore(s => s.finish);
  const firstStart = useFirstStart();
  useEffect(() => {
    if (firstStart && useTourStore.getState().step === null) start();
  }, [firstStart, start]);

  const pane = step === null ? undefined : TOUR_STEPS[step];
  const anchor = useMemo(() => ({ current: pane ? document.querySelector<HTMLElement>(`[data-tour="${pane}"]`) : null }), [pane]);
  if (step === null || !pane || !anchor.current) return null;
  const last = step === TOUR_STEPS.length - 1;
  return (
    <Popover.Root open modal={false} onOpenChange={open => !open && finish()}>
      <Popover.Anchor virtualRef={anchor as { current: HTMLElement }} />
        <Popover.Content
          className="tour"
          data-testid="tour"
          data-step={pane}
          side={pane === 'dock' ? 'top' : pane === 'tray' ? 'left' : 'right'}
          align="start"
          sideOffset={8}
          collisionPadding={12}
          aria-label={t('tour.label')}
          onInteractOutside={e => e.preventDefault()}
        >
          <p className="tour-step">{t('tour.step', { current: step + 1, total: TOUR_STEPS.length })}</p>
          <h2 className="tour-title">{t(`tour.${pane}.title`)}</h2>
          <p className="tour-body">{t(`tour.${pane}.body`)}</p>
          <div className="tour-actions">
            <button type="button" className="tour-skip" data-testid="tour-skip" onClick={finish}>
              {t('tour.skip')}
            </button>
            {step > 0 && (
              <button type="button" onClick={() => go(step - 1)}>
                {t('tour.back')}
              </button>
            )}
            <button type="button" className="tour-next" data-testid="tour-next" onClick={() => (last ? finish() : go(step + 1))} autoFocus>
              {last ? t('tour.done') : t('tour.next')}
            </button>
          </div>
        </Popover.Content>
    </Popover.Root>
  );
}
