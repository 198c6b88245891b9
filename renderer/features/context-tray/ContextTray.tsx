// The context tray (`context-tray`): resources picked by hand from any server, reorderable, with total
// size and estimated tokens, exported as Markdown or JSON to the clipboard or a file.
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { displayName } from '../../../shared/picker/columns';
import { resourceKey } from '../../../shared/resource-key';
import { trayTotals, type TrayEntry } from '../../../shared/tray/tray-export';
import { callErrorOf } from '../../api/call-error';
import { useResourceReads } from '../../queries/use-resource-read';
import { useTrayStore } from '../../state/tray-store';
import { useUiStore } from '../../state/ui-store';
import { ExportMenu } from './ExportMenu';
import { ServerText } from '../server-text/ServerText';
import { messageWithHiddenMarked, withHiddenMarked } from '../../../shared/hidden-characters';

export function ContextTray() {
  const { t } = useTranslation('tray');
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
    <aside className="context-tray" data-testid="context-tray" aria-label={t('label')}>
      <div className="tray-head">
        <h2>{t('heading')}</h2>
        {/* Up here, away from Copy and Save: clearing the tray is not an export. */}
        <button type="button" className="button--ghost button--sm tray-clear" onClick={clear} disabled={items.length === 0}>
          {t('clear')}
        </button>
        <span className="tray-totals" data-bytes={totals.bytes} data-tokens={totals.tokens}>
          {t(totals.pending > 0 ? 'totalsReading' : 'totals', { count: items.length, size: totals.bytes, tokens: totals.tokens, pending: totals.pending })}
        </span>
      </div>
      {items.length === 0 ? (
        <p className="note">
          <Trans t={t} i18nKey="empty" components={{ kbd: <kbd /> }} />
        </p>
      ) : (
        <ol className="tray-list">
          {items.map((item, k) => {
            const read = reads[k];
            const error = read?.isError ? callErrorOf(read.error) : undefined;
            const label = displayName(item);
            // Accessible names are strings: the name's hidden characters as bracketed marks, as in tooltips.
            const spokenLabel = withHiddenMarked(label);
            return (
              <li
                key={resourceKey(item)}
                data-testid="context-item"
                data-server-id={item.serverId}
                data-uri={item.uri}
                className="tray-item"
              >
                <button type="button" className="link-button tray-open" onClick={() => open(item)} title={withHiddenMarked(item.uri)}>
                  <ServerText text={label} />
                </button>
                <span className="tray-meta">
                  {read?.data
                    ? t('itemMeta', { server: item.serverId, size: trayTotals([{ item, contents: read.data.contents }]).bytes })
                    : t('itemReading', { server: item.serverId })}
                </span>
                {error && (
                  <span role="alert" data-testid="error-banner" data-code={error.code} className="error-banner">
                    {messageWithHiddenMarked(error.message)}
                    <button type="button" onClick={() => void read.refetch()}>
                      {t('retry')}
                    </button>
                  </span>
                )}
                <span className="tray-actions">
                  <button type="button" aria-label={t('moveUp', { label: spokenLabel })} disabled={k === 0} onClick={() => move(k, k - 1)}>
                    <ArrowUp />
                  </button>
                  <button
                    type="button"
                    aria-label={t('moveDown', { label: spokenLabel })}
                    disabled={k === items.length - 1}
                    onClick={() => move(k, k + 1)}
                  >
                    <ArrowDown />
                  </button>
                  <button type="button" aria-label={t('remove', { label: spokenLabel })} onClick={() => remove(resourceKey(item))}>
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
      </div>
      <p role="status" className="tray-status" data-testid="context-export-status">
        {status}
      </p>
    </aside>
  );
}
