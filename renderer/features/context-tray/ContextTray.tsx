// The context tray (`context-tray`): resources picked by hand from any server, reorderable, with total
// size and estimated tokens, exported as Markdown or JSON to the clipboard or a file.
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useState } from 'react';
import { displayName } from '../../../shared/picker/columns';
import { formatBytes } from '../../../shared/format';
import { resourceKey } from '../../../shared/resource-key';
import { trayTotals, type TrayEntry } from '../../../shared/tray/tray-export';
import { callErrorOf } from '../../api/call-error';
import { useResourceReads } from '../../queries/use-resource-read';
import { useTrayStore } from '../../state/tray-store';
import { useUiStore } from '../../state/ui-store';
import { ExportMenu } from './ExportMenu';

export function ContextTray() {
  const items = useTrayStore(s => s.items);
  const remove = useTrayStore(s => s.remove);
  const move = useTrayStore(s => s.move);
  const clear = useTrayStore(s => s.clear);
  const open = useUiStore(s => s.open);
  const reads = useResourceReads(items);
  const entries: TrayEntry[] = items.map((item, k) => ({ item, contents: reads[k]?.data?.contents }));
  const totals = trayTotals(entries);
  const [status, setStatus] = useState('');
  return (
    <aside className="context-tray" data-testid="context-tray" aria-label="Context tray">
      <div className="tray-head">
        <h2>Context</h2>
        <span className="tray-totals" data-bytes={totals.bytes} data-tokens={totals.tokens}>
          {items.length} {items.length === 1 ? 'item' : 'items'} · {formatBytes(totals.bytes) || '0 B'} · ~
          {totals.tokens.toLocaleString()} tokens
          {totals.pending > 0 && ` (${totals.pending} reading)`}
        </span>
      </div>
      {items.length === 0 ? (
        <p className="note">
          Empty. Add the open resource with “Add to context”, or press <kbd>a</kbd> in the list (
          <kbd>Ctrl</kbd>+<kbd>Enter</kbd> in the search box).
        </p>
      ) : (
        <ol className="tray-list">
          {items.map((item, k) => {
            const read = reads[k];
            const error = read?.isError ? callErrorOf(read.error) : undefined;
            const label = displayName(item);
            return (
              <li
                key={resourceKey(item)}
                data-testid="context-item"
                data-server-id={item.serverId}
                data-uri={item.uri}
                className="tray-item"
              >
                <button type="button" className="link-button tray-open" onClick={() => open(item)} title={item.uri}>
                  {label}
                </button>
                <span className="tray-meta">
                  {item.serverId} · {read?.data ? formatBytes(trayTotals([{ item, contents: read.data.contents }]).bytes) : 'reading…'}
                </span>
                {error && (
                  <span role="alert" data-testid="error-banner" data-code={error.code} className="error-banner">
                    {error.message}
                    <button type="button" onClick={() => void read.refetch()}>
                      Retry
                    </button>
                  </span>
                )}
                <span className="tray-actions">
                  <button type="button" aria-label={`Move ${label} up`} disabled={k === 0} onClick={() => move(k, k - 1)}>
                    <ArrowUp />
                  </button>
                  <button
                    type="button"
                    aria-label={`Move ${label} down`}
                    disabled={k === items.length - 1}
                    onClick={() => move(k, k + 1)}
                  >
                    <ArrowDown />
                  </button>
                  <button type="button" aria-label={`Remove ${label}`} onClick={() => remove(resourceKey(item))}>
                    <X />
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <div className="tray-foot">
        <ExportMenu entries={entries} onStatus={setStatus} />
        <button type="button" onClick={clear} disabled={items.length === 0}>
          Clear
        </button>
      </div>
      <p role="status" className="tray-status" data-testid="context-export-status">
        {status}
      </p>
    </aside>
  );
}
