// The resource picker: search, sort, grouping, annotation filters, listing status and the list itself.
// Keyboard: Ctrl/Cmd+K focuses the search; ArrowUp/ArrowDown/PageUp/PageDown (and Home/End in the list)
// move; Enter opens; Ctrl/Cmd+Enter (anywhere in the picker) or `a` (in the list) adds to the context tray;
// Shift+F10 or the context-menu key opens the active row's menu (RowContextMenu). Multi-selection: Ctrl/⌘+click
// or Space toggles, Shift+click and Shift+Arrow select a range, Escape (in the list) clears (use-multi-select).
// Pinned rows lead the list (ungrouped); Ctrl/⌘+E shows the recently opened resources.
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useCachedT, useShownLanguage, useTextCache } from '../../i18n/text-cache';
import { parseResourceKey, resourceKey } from '../../../shared/resource-key';
import { sortKeys, type SortKey } from '../../../shared/picker/sort';
import { usePickerStore } from '../../state/picker-store';
import { useTrayStore } from '../../state/tray-store';
import { useUiStore } from '../../state/ui-store';
import { ListCacheBadges } from '../cache/ListCacheBadges';
import { FilterBar } from './FilterBar';
import { ListDiffBadge } from './ListDiffBadge';
import { useListDiffStore } from './list-diff-store';
import { ListEmptyState } from './ListEmptyState';
import { ListStatus } from './ListStatus';
import { countLine, countStandIns } from './match-count';
import { indicesOfKeys, pinnedFirst } from './pinned-first';
import { usePinsStore } from './pins-store';
import { RecentsMenu } from './RecentsMenu';
import { useRecentsStore } from './recents-store';
import { ResourceList, type ResourceListHandle } from './ResourceList';
import type { PickHow } from './ResourceRow';
import { SavedSearches } from './SavedSearches';
import { SearchBox } from './SearchBox';
import { SelectionBar } from './SelectionBar';
import { useFollowListDiffs } from './use-follow-list-diffs';
import { useMultiSelect } from './use-multi-select';
import { usePickerModel } from './use-picker-model';
import './picker.css';

const pageStep = 10;
const noKeys: ReadonlySet<string> = new Set();

/** The keys of the added rows not seen yet, over every server. */
function useFreshKeys(): ReadonlySet<string> {
  const diffs = useListDiffStore(s => s.diffs);
  return useMemo(() => {
    if (diffs.size === 0) return noKeys;
    const keys = new Set<string>();
    for (const diff of diffs.values()) for (const key of diff.unseen) keys.add(key);
    return keys;
  }, [diffs]);
}

/** "120 of 10,048 resources" (match-count.ts). */
const MatchCount = memo(function MatchCount({ shown, total }: { shown: number; total: number }) {
  const text = useTextCache('picker');
  const language = useShownLanguage();
  const template = text('count-template', t => t('count', countStandIns));
  return (
    <p className="picker-count" aria-live="polite">
      {countLine(template, shown, total, language)}
    </p>
  );
});

export function Picker() {
  const t = useCachedT('picker');
  useFollowListDiffs();
  const model = usePickerModel();
  const { columns } = model;
  const pinKeys = usePinsStore(s => s.keys);
  const pinnedSet = useMemo(() => new Set(pinKeys), [pinKeys]);
  // Grouped by server, each group keeps its own order: pins lead only the ungrouped list.
  const rows = useMemo(() => (model.groupStarts.length > 0 ? model.rows : pinnedFirst(model.rows, model.pinned)), [model.rows, model.groupStarts, model.pinned]);
  const multi = useMultiSelect(columns, rows);
  const completeSearch = useMemo(
    () => ({ query: model.completeQuery, matching: model.matching, done: model.complete }),
    [model.completeQuery, model.matching, model.complete]
  );
  const fresh = useFreshKeys();
  const markSeen = useListDiffStore(s => s.seen);
  const recordRecent = useRecentsStore(s => s.record);
  const openResource = useUiStore(s => s.openResource);
  const sort = usePickerStore(s => s.sort);
  const setSort = usePickerStore(s => s.setSort);
  const activeKey = usePickerStore(s => s.activeKey);
  const setActiveKey = usePickerStore(s => s.setActiveKey);
  const groupByServer = useUiStore(s => s.groupByServer);
  const setGroupByServer = useUiStore(s => s.setGroupByServer);
  const open = useUiStore(s => s.open);
  const addToTray = useTrayStore(s => s.add);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<ResourceListHandle>(null);

  // The row the keyboard last moved to: checked first, so an arrow key does not search up to 100k rows.
  const movedTo = useRef(-1);
  const activeRow = useMemo(() => {
    if (activeKey === null) return -1;
    const { serverId, uri } = parseResourceKey(activeKey);
    const { items } = columns;
    const isActive = (i: number) => items.uriIs(i, uri) && items.serverIdAt(i) === serverId;
    // A hint only, read during render on purpose: isActive checks it, so a stale one costs a search, never a wrong row.
    // eslint-disable-next-line react-hooks/refs
    const hint = movedTo.current;
    if (hint >= 0 && hint < rows.length && isActive(rows[hint])) return hint;
    // Compare fields, not built keys: this runs over every matching row (up to 100k).
    return rows.findIndex(isActive);
  }, [rows, columns, activeKey]);

  // Every open, wherever it came from, is a recent one, and an added row opened counts as seen.
  useEffect(() => {
    if (!openResource) return;
    const key = resourceKey(openResource);
    const at = indicesOfKeys(columns.items, [key]).get(key);
    const item = at === undefined ? undefined : columns.items.at(at);
    recordRecent({ ...openResource, name: item ? (item.title ?? item.name) : '' });
    markSeen([key]);
    // Only a new open records; the columns changing under the same open resource does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openResource, recordRecent, markSeen]);

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        searchRef.current?.focus();
        searchRef.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const moveTo = useCallback(
    (row: number) => {
      if (rows.length === 0) return;
      const clamped = Math.max(0, Math.min(rows.length - 1, row));
      movedTo.current = clamped;
      setActiveKey(resourceKey(columns.items.at(rows[clamped])));
      listRef.current?.scrollToRow(clamped);
    },
    [rows, columns, setActiveKey]
  );

  const itemAt = (row: number) => (row >= 0 && row < rows.length ? columns.items.at(rows[row]) : undefined);
  const openRow = (row: number) => {
    const item = itemAt(row);
    if (!item) return;
    setActiveKey(resourceKey(item));
    open({ serverId: item.serverId, uri: item.uri });
  };
  const trayRow = (row: number) => {
    const item = itemAt(row);
    if (item) addToTray(item);
  };

  const pickRow = (row: number, how: PickHow) => {
    if (how === 'open') return openRow(row);
    if (how === 'toggle') multi.toggleRow(row);
    else multi.rangeTo(row, activeRow);
    movedTo.current = row;
    setActiveKey(resourceKey(columns.items.at(rows[row])));
  };

  /** Shift+Arrow: the cursor moves and the range from the anchor follows it. */
  const extendTo = (row: number) => {
    if (rows.length === 0) return;
    const target = Math.max(0, Math.min(rows.length - 1, row));
    multi.rangeTo(target, activeRow === -1 ? target : activeRow);
    moveTo(target);
  };

  const onKeyDown = (e: KeyboardEvent, inList: boolean) => {
    const current = activeRow === -1 ? -1 : activeRow;
    const handled = () => {
      e.preventDefault();
      e.stopPropagation();
    };
    switch (e.key) {
      case 'ArrowDown':
        handled();
        return e.shiftKey ? extendTo(current + 1) : moveTo(current + 1);
      case 'ArrowUp':
        handled();
        return e.shiftKey ? extendTo(current <= 0 ? 0 : current - 1) : moveTo(current <= 0 ? 0 : current - 1);
      case ' ':
        if (!inList || current === -1) return;
        handled();
        return multi.toggleRow(current);
      case 'Escape':
        if (!inList || multi.selected.size === 0) return;
        handled();
        return multi.clear();
      case 'PageDown':
        handled();
        return moveTo(current + pageStep);
      case 'PageUp':
        handled();
        return moveTo(current - pageStep);
      case 'Home':
        if (!inList) return;
        handled();
        return moveTo(0);
      case 'End':
        if (!inList) return;
        handled();
        return moveTo(rows.length - 1);
      case 'Enter': {
        const row = current === -1 ? 0 : current;
        handled();
        return e.ctrlKey || e.metaKey ? trayRow(row) : openRow(row);
      }
      case 'a':
        if (!inList || e.ctrlKey || e.metaKey || e.altKey) return;
        handled();
        return trayRow(current);
      case 'F10':
      case 'ContextMenu':
        if (e.key === 'F10' && !e.shiftKey) return;
        handled();
        return listRef.current?.openRowMenu(current === -1 ? 0 : current);
    }
  };

  // The search box gets one stable handler, so its memo holds while the picker renders a keystroke's results.
  const latestKeyDown = useRef(onKeyDown);
  useLayoutEffect(() => {
    latestKeyDown.current = onKeyDown;
  });
  const searchKeyDown = useCallback((e: KeyboardEvent) => latestKeyDown.current(e, false), []);

  // A keystroke renders the search box at once and the picker in a transition with its results (SearchBox,
  // use-picker-model): the parts around the list are memoized components, so only what the results change renders.
  return (
    <section className="picker" aria-label={t('region')}>
      <div className="picker-toolbar">
        <SearchBox inputRef={searchRef} activeRow={activeRow} onKeyDown={searchKeyDown} />
        <label className="inline-label">
          {t('sort.label')}
          <select data-testid="sort-select" value={sort} onChange={e => setSort(e.target.value as SortKey)}>
            {sortKeys.map(k => (
              <option key={k} value={k}>
                {t(`sort.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-label">
          <input
            type="checkbox"
            data-testid="group-by-server"
            checked={groupByServer}
            onChange={e => setGroupByServer(e.target.checked)}
          />
          {t('groupByServer')}
        </label>
        <RecentsMenu />
        <SavedSearches />
      </div>
      <FilterBar hidden={model.hidden} hiddenTotal={model.hiddenByFilters} invalidDate={model.invalidDate} />
      <ListStatus lists={model.lists} />
      <ListCacheBadges lists={model.lists} />
      <div className="picker-count-line">
        <MatchCount shown={model.matching} total={columns.items.length} />
        <ListDiffBadge />
      </div>
      <SelectionBar notShown={multi.notShown} />
      <ListEmptyState loading={model.loading} loaded={columns.items.length} matching={model.matching} lists={model.lists} />
      <ResourceList
        handle={listRef}
        columns={columns}
        rows={rows}
        groupStarts={model.groupStarts}
        activeRow={activeRow}
        query={model.query}
        complete={completeSearch}
        sort={model.sort}
        loading={model.loading}
        selected={multi.selected}
        pinned={pinnedSet}
        fresh={fresh}
        onSeen={markSeen}
        onPick={pickRow}
        onMenuRow={row => setActiveKey(resourceKey(columns.items.at(rows[row])))}
        onKeyDown={e => onKeyDown(e, true)}
      />
    </section>
  );
}
