// What the list says when it shows nothing: no server has listed anything yet, or the search and filters
// hide everything (with the way back). Outside the listbox, whose children must all be options.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePickerStore } from '../../state/picker-store';

export const ListEmptyState = memo(function ListEmptyState({ loading, loaded, matching }: { loading: boolean; loaded: number; matching: number }) {
  const { t } = useTranslation('picker');
  const setQuery = usePickerStore(s => s.setQuery);
  const resetFilter = usePickerStore(s => s.resetFilter);
  if (loading || matching > 0) return null;
  if (loaded === 0) {
    return (
      <p className="empty-state" data-testid="empty-state" data-pane="list">
        {t('list.emptyNone')}
      </p>
    );
  }
  return (
    <p className="empty-state" data-testid="empty-state" data-pane="list">
      {t('list.emptyNoMatch', { count: loaded })}{' '}
      <button
        type="button"
        className="link-button"
        onClick={() => {
          setQuery('');
          resetFilter();
        }}
      >
        {t('list.showAll')}
      </button>
    </p>
  );
});
