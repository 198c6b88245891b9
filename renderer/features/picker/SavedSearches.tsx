// Saved searches (`saved-searches-button`): the current search text, filters and sort saved under a name,
// and re-applied in one click. Saving under a name that exists replaces it.
import { memo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultAnnotationFilter, type AnnotationFilter } from '../../../shared/picker/filters';
import { usePickerStore } from '../../state/picker-store';
import { BookmarkIcon } from './icons';
import { Popover } from './Popover';
import { useSavedSearchesStore, type SavedSearch } from './saved-searches-store';

const hasFilters = (filter: AnnotationFilter) => JSON.stringify(filter) !== JSON.stringify(defaultAnnotationFilter);

export const SavedSearches = memo(function SavedSearches() {
  const { t } = useTranslation('picker');
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const nameRef = useRef<HTMLInputElement>(null);
  const searches = useSavedSearchesStore(s => s.searches);
  const save = useSavedSearchesStore(s => s.save);
  const remove = useSavedSearchesStore(s => s.remove);

  const apply = (search: SavedSearch) => {
    const picker = usePickerStore.getState();
    picker.setQuery(search.query);
    picker.resetFilter();
    picker.setFilter(search.filter);
    picker.setSort(search.sort);
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      setOpen={setOpen}
      label={t('saved.label')}
      testId="saved-searches"
      buttonProps={{ 'data-testid': 'saved-searches-button' }}
      button={
        <>
          <BookmarkIcon /> {t('saved.button')}
        </>
      }
    >
      <form
        className="popover-form"
        onSubmit={e => {
          e.preventDefault();
          if (!name.trim()) return;
          const { query, filter, sort } = usePickerStore.getState();
          save({ name, query, filter, sort });
          setName('');
          // The submit button goes disabled with the name cleared: keep focus in the popover.
          nameRef.current?.focus();
        }}
      >
        <input
          ref={nameRef}
          data-testid="saved-search-name"
          aria-label={t('saved.nameLabel')}
          placeholder={t('saved.namePlaceholder')}
          value={name}
          onChange={e => setName(e.target.value)}
          autoFocus
        />
        <button type="submit" data-testid="saved-search-save" disabled={!name.trim()}>
          {t('saved.save')}
        </button>
      </form>
      {searches.length === 0 ? (
        <p className="popover-empty">{t('saved.empty')}</p>
      ) : (
        <ul className="popover-list">
          {searches.map(s => (
            <li key={s.name} className="popover-row" data-testid="saved-search-item" data-name={s.name}>
              <button type="button" className="popover-item" aria-label={t('saved.apply', { name: s.name })} onClick={() => apply(s)}>
                <span className="popover-item-name">{s.name}</span>
                <span className="popover-item-detail">
                  {s.query ? t('saved.describe', { query: s.query, sort: t(`sort.${s.sort}`) }) : t('saved.describeEmpty', { sort: t(`sort.${s.sort}`) })}
                  {hasFilters(s.filter) && ` · ${t('saved.withFilters')}`}
                </span>
              </button>
              <button type="button" className="popover-remove" aria-label={t('saved.remove', { name: s.name })} onClick={() => remove(s.name)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </Popover>
  );
});
