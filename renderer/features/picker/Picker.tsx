// The resource picker: search, sort, grouping, annotation filters, listing status and the list itself.
// Keyboard: Ctrl/Cmd+K focuses the search; ArrowUp/ArrowDown/PageUp/PageDown (and Home/End in the list)
// move; Enter opens; Ctrl/Cmd+Enter (anywhere in the picker) or `a` (in the list) adds to the context tray;
// Shift+F10 or the context-menu key opens the active row's menu (RowContextMenu).
import { useCallback, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { parseResourceKey, resourceKey } from '../../../shared/resource-key';
import { sortKeys, type SortKey } from '../../../shared/picker/sort';
import { usePickerStore } from '../../state/picker-store';
import { useTrayStore } from '../../state/tray-store';
import { useUiStore } from '../../state/ui-store';
import { ListCacheBadges } from '../cache/ListCacheBadges';
import { FilterBar } from './FilterBar';
import { ListStatus } from './ListStatus';
import { listboxId, optionId, ResourceList, type ResourceListHandle } from './ResourceList';
import { usePickerModel } from './use-picker-model';

const sortLabels: Record<SortKey, string> = { priority: 'Priority', recent: 'Recently modified', name: 'Name' };
const pageStep = 10;

export function Picker() {
  const model = usePickerModel();
  const { columns, rows } = model;
  const query = usePickerStore(s => s.query);
  const setQuery = usePickerStore(s => s.setQuery);
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
    const isActive = (i: number) => items[i].uri === uri && items[i].serverId === serverId;
    // A hint only, read during render on purpose: isActive checks it, so a stale one costs a search, never a wrong row.
    // eslint-disable-next-line react-hooks/refs
    const hint = movedTo.current;
    if (hint >= 0 && hint < rows.length && isActive(rows[hint])) return hint;
    // Compare fields, not built keys: this runs over every matching row (up to 100k).
    return rows.findIndex(isActive);
  }, [rows, columns, activeKey]);

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
      setActiveKey(resourceKey(columns.items[rows[clamped]]));
      listRef.current?.scrollToRow(clamped);
    },
    [rows, columns, setActiveKey]
  );

  const itemAt = (row: number) => (row >= 0 && row < rows.length ? columns.items[rows[row]] : undefined);
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

  const onKeyDown = (e: KeyboardEvent, inList: boolean) => {
    const current = activeRow === -1 ? -1 : activeRow;
    const handled = () => {
      e.preventDefault();
      e.stopPropagation();
    };
    switch (e.key) {
      case 'ArrowDown':
        handled();
        return moveTo(current + 1);
      case 'ArrowUp':
        handled();
        return moveTo(current <= 0 ? 0 : current - 1);
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

  return (
    <section className="picker" aria-label="Resource picker">
      <div className="picker-toolbar">
        <input
          ref={searchRef}
          type="search"
          data-testid="resource-search"
          placeholder="Search resources (Ctrl+K)"
          aria-label="Search resources"
          aria-controls={listboxId}
          aria-activedescendant={activeRow >= 0 ? optionId(activeRow) : undefined}
          aria-keyshortcuts="Control+K Meta+K"
          value={query}
          onChange={e => setQuery(e.target.value)}
          onKeyDown={e => onKeyDown(e, false)}
          spellCheck={false}
          autoComplete="off"
        />
        <label className="inline-label">
          Sort
          <select data-testid="sort-select" value={sort} onChange={e => setSort(e.target.value as SortKey)}>
            {sortKeys.map(k => (
              <option key={k} value={k}>
                {sortLabels[k]}
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
          Group by server
        </label>
      </div>
      <FilterBar hidden={model.hidden} error={model.filterError} />
      <ListStatus lists={model.lists} />
      <ListCacheBadges lists={model.lists} />
      <p className="picker-count" aria-live="polite">
        {rows.length.toLocaleString()} of {columns.items.length.toLocaleString()} resources
      </p>
      <ResourceList
        handle={listRef}
        columns={columns}
        rows={rows}
        groupStarts={model.groupStarts}
        activeRow={activeRow}
        query={model.query}
        sort={model.sort}
        loading={model.loading}
        onPick={openRow}
        onMenuRow={row => setActiveKey(resourceKey(columns.items[rows[row]]))}
        onKeyDown={e => onKeyDown(e, true)}
      />
    </section>
  );
}
