// The picker's search box (`resource-search`). The only component that reads the search text as typed: a
// keystroke's urgent render is this box alone, and the picker follows the text in a transition (use-picker-model),
// so the list, its chrome and the listing queries render once per keystroke, not twice.
import { memo, type KeyboardEvent, type Ref } from 'react';
import { useCachedT } from '../../i18n/text-cache';
import { usePickerStore } from '../../state/picker-store';
import { listboxId, optionId } from './ResourceList';

interface Props {
  /** The list's active row (-1 for none), for screen readers following the cursor from the box. */
  activeRow: number;
  onKeyDown(event: KeyboardEvent): void;
  inputRef: Ref<HTMLInputElement>;
}

export const SearchBox = memo(function SearchBox({ activeRow, onKeyDown, inputRef }: Props) {
  const t = useCachedT('picker');
  const query = usePickerStore(s => s.query);
  const setQuery = usePickerStore(s => s.setQuery);
  return (
    <input
      ref={inputRef}
      type="search"
      data-testid="resource-search"
      placeholder={t('search.placeholder')}
      aria-label={t('search.label')}
      aria-controls={listboxId}
      aria-activedescendant={activeRow >= 0 ? optionId(activeRow) : undefined}
      aria-keyshortcuts="Control+K Meta+K"
      value={query}
      onChange={e => setQuery(e.target.value)}
      onKeyDown={onKeyDown}
      spellCheck={false}
      autoComplete="off"
    />
  );
});
