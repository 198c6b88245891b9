// Per-server listing state above the picker: a progress bar with cancel while pages stream in, and an
// error with retry when a list fails (the list is never silently empty).
import type { ServerListState } from './use-picker-model';

export function ListStatus({ lists }: { lists: ServerListState[] }) {
  const busy = lists.filter(l => l.loading || l.error || l.cancelled);
  if (busy.length === 0) return null;
  return (
    <div className="list-status">
      {busy.map(l => (
        <div key={l.serverId} className="list-status-row" data-server-id={l.serverId}>
          {l.loading && (
            <>
              <div
                role="progressbar"
                data-testid="list-progress"
                data-server-id={l.serverId}
                aria-label={`Listing ${l.serverId}`}
                aria-valuenow={l.loaded}
                aria-valuemin={0}
                aria-valuetext={`${l.loaded} resources, ${l.pages} pages`}
                className="list-progress"
              >
                <span className="list-progress-bar" />
              </div>
              {/* Before the count, whose width changes with every repaint: the button must not move under the pointer. */}
              <button type="button" onClick={l.cancel}>
                Cancel
              </button>
              <span>
                {l.serverId}: {l.loaded.toLocaleString()} loaded ({l.pages} pages)
              </span>
            </>
          )}
          {!l.loading && l.error && (
            <div role="alert" data-testid="error-banner" data-code={l.error.code} className="error-banner">
              <span>
                Listing {l.serverId} failed: {l.error.message}
                {l.loaded > 0 && ` (showing ${l.loaded.toLocaleString()} items received before the failure)`}
              </span>
              <button type="button" onClick={l.retry}>
                Retry
              </button>
            </div>
          )}
          {!l.loading && l.cancelled && (
            <div role="status" className="list-cancelled">
              <span>
                Listing {l.serverId} cancelled after {l.loaded.toLocaleString()} items.
              </span>
              <button type="button" onClick={l.retry}>
                List again
              </button>
            </div>
          )}
        </div>
      ))}
    </div>
  );
}
