// Per-server listing state above the picker: a progress bar with cancel while pages stream in, and an
// error with retry when a list fails (the list is never silently empty). A list has no length until its last
// page, so the bar cannot fill: it steps along as pages come in; a server that stalls shows a bar standing still,
// and after a few seconds how long it has waited.
import { memo, useEffect, useState, type CSSProperties } from 'react';
import { messageWithHiddenMarked } from '../../../shared/hidden-characters';
import { useCachedT } from '../../i18n/text-cache';
import type { ServerListState } from './use-picker-model';

/** Positions of the progress bar, which moves one on when more pages are shown (app.css). */
const PROGRESS_STEPS = 6;

/** The bar one step on for every change of the page count: a step per batch, whatever number of pages it holds. */
function ProgressSteps({ pages }: { pages: number }) {
  const [shown, setShown] = useState({ pages, step: 0 });
  // Kept from the render before, as React's docs do it: the next step is set during this render, no effect.
  if (shown.pages !== pages) setShown({ pages, step: (shown.step + 1) % PROGRESS_STEPS });
  return <span className="list-progress-bar" style={{ '--list-step': shown.step } as CSSProperties} />;
}

/** One server's listing (`list-progress`, with its `serverId`), or several summed up: items so far as its value. */
function ProgressBar({ label, loaded, pages, serverId }: { label: string; loaded: number; pages: number; serverId?: string }) {
  const t = useCachedT('picker');
  return (
    <div
      role="progressbar"
      data-testid={serverId === undefined ? undefined : 'list-progress'}
      data-server-id={serverId}
      aria-label={label}
      aria-valuenow={loaded}
      aria-valuemin={0}
      aria-valuetext={t('status.progressText', { loaded, pages })}
      className="list-progress"
    >
      <ProgressSteps pages={pages} />
    </div>
  );
}

/** A listing that has waited this long for its next page says for how long: a stalled server from a slow one. */
const STALLED_AFTER_MS = 5_000;

/** "No page for 12 s" once the listing has waited STALLED_AFTER_MS (keyed by the page count: a page starts it over). */
function StallTime() {
  const t = useCachedT('picker');
  const [waited, setWaited] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const tick = () => {
      setWaited(Math.floor((Date.now() - started) / 1_000));
      timer = setTimeout(tick, 1_000);
    };
    let timer = setTimeout(tick, STALLED_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return waited > 0 ? (
    <span className="list-stalled" data-testid="list-stalled">
      {t('status.stalled', { seconds: waited })}
    </span>
  ) : null;
}

/**
 * A listing's failure, cut to two lines (a broken fleet's failures must leave room for the list), whole on hover; the
 * server's words in it with their hidden characters marked, its line ends kept.
 */
function FailureText({ text }: { text: string }) {
  const shown = messageWithHiddenMarked(text);
  return (
    <span className="list-failure-text" title={shown}>
      {shown}
    </span>
  );
}

/** More listings than this running at once are summed up in one line (a warm start lists fifty again together). */
const MAX_PROGRESS_ROWS = 3;

/** Many listings at once as one line: their items and pages together, a cancel for all, and the longest wait. */
function ListingsSummary({ lists }: { lists: ServerListState[] }) {
  const t = useCachedT('picker');
  const loaded = lists.reduce((sum, l) => sum + l.loaded, 0);
  const pages = lists.reduce((sum, l) => sum + l.pages, 0);
  return (
    <div className="list-status-row" data-testid="list-progress-summary" data-count={lists.length}>
      <ProgressBar label={t('status.listingMany', { count: lists.length })} loaded={loaded} pages={pages} />
      <button type="button" data-testid="list-cancel-all" onClick={() => lists.forEach(l => l.cancel())}>
        {t('status.cancelAll')}
      </button>
      <span>{t('status.loadedMany', { count: lists.length, loaded, pages })}</span>
      <StallTime key={pages} />
    </div>
  );
}

function ListStatusRow({ list: l }: { list: ServerListState }) {
  const t = useCachedT('picker');
  return (
    <div className="list-status-row" data-server-id={l.serverId}>
      {l.loading && (
        <>
          <ProgressBar label={t('status.listing', { server: l.serverId })} loaded={l.loaded} pages={l.pages} serverId={l.serverId} />
          {/* Before the count, whose width changes with every repaint: the button must not move under the pointer. */}
          <button type="button" onClick={l.cancel}>
            {t('status.cancel')}
          </button>
          <span>{t('status.loaded', { server: l.serverId, loaded: l.loaded, count: l.pages })}</span>
          <StallTime key={l.pages} />
        </>
      )}
      {!l.loading && l.error && (
        <div role="alert" data-testid="error-banner" data-code={l.error.code} className="error-banner">
          <FailureText
            text={
              l.loaded > 0
                ? t('status.failedPartial', { server: l.serverId, message: l.error.message, loaded: l.loaded })
                : t('status.failed', { server: l.serverId, message: l.error.message })
            }
          />
          <button type="button" onClick={l.retry}>
            {t('status.retry')}
          </button>
        </div>
      )}
      {!l.loading && l.cancelled && (
        <div role="status" className="list-cancelled">
          <span>{t('status.cancelled', { server: l.serverId, loaded: l.loaded })}</span>
          <button type="button" onClick={l.retry}>
            {t('status.listAgain')}
          </button>
        </div>
      )}
    </div>
  );
}

export const ListStatus = memo(function ListStatus({ lists }: { lists: ServerListState[] }) {
  const t = useCachedT('picker');
  const busy = lists.filter(l => l.loading || l.error || l.cancelled);
  if (busy.length === 0) return null;
  const failed = busy.filter(l => !l.loading && l.error);
  const loading = busy.filter(l => l.loading);
  // Each listing keeps its own row (its bar, cancel and wait), folded away under the summary; the sidebar's cards say
  // each server's count too.
  const summed = loading.length > MAX_PROGRESS_ROWS;
  return (
    <div className="list-status">
      {failed.length > 1 && (
        <div className="list-status-row list-failures" data-testid="list-failures" data-count={failed.length}>
          <span>{t('status.failures', { count: failed.length })}</span>
          <button type="button" data-testid="list-retry-all" onClick={() => failed.forEach(l => l.retry())}>
            {t('status.retryAll')}
          </button>
        </div>
      )}
      {summed && <ListingsSummary lists={loading} />}
      {summed && (
        <details className="list-status-each">
          <summary>{t('status.eachListing', { count: loading.length })}</summary>
          {loading.map(l => (
            <ListStatusRow key={l.serverId} list={l} />
          ))}
        </details>
      )}
      {busy
        .filter(l => !(summed && l.loading))
        .map(l => (
          <ListStatusRow key={l.serverId} list={l} />
        ))}
    </div>
  );
});
