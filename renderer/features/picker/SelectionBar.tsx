// The multi-selection's bar (`selection-bar`): how many are selected (and how many of those the search or
// filters hide now), with add to the context tray, watch, and clear. Shown only while something is selected.
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrayStore } from '../../state/tray-store';
import { useSelectionStore } from './selection-store';
import { useWatchMany } from './use-watch-many';

export const SelectionBar = memo(function SelectionBar({ notShown }: { notShown: number }) {
  const { t } = useTranslation('picker');
  const selection = useSelectionStore(s => s.selection.items);
  const clear = useSelectionStore(s => s.clear);
  const addToTray = useTrayStore(s => s.add);
  const watchMany = useWatchMany();
  const [status, setStatus] = useState('');
  if (selection.size === 0) return null;
  const count = selection.size;
  const items = [...selection.values()];
  return (
    <div className="selection-bar" role="toolbar" aria-label={t('selection.label')} data-testid="selection-bar" data-count={count} data-not-shown={notShown}>
      <span className="selection-count">
        {t('selection.count', { count })}
        {notShown > 0 && <span className="selection-hidden"> · {t('selection.notShown', { count: notShown })}</span>}
      </span>
      <button
        type="button"
        data-testid="selection-add-to-context"
        onClick={() => {
          items.forEach(addToTray);
          setStatus(t('selection.added', { count }));
        }}
      >
        {t('selection.addToContext')}
      </button>
      <button
        type="button"
        data-testid="selection-watch"
        onClick={() => void watchMany(items).then(n => setStatus(t('selection.watching', { count: n })))}
      >
        {t('selection.watch')}
      </button>
      <button
        type="button"
        data-testid="selection-clear"
        onClick={() => {
          clear();
          setStatus('');
        }}
      >
        {t('selection.clear')}
      </button>
      <span className="selection-status" role="status">
        {status}
      </span>
    </div>
  );
});
