// The virtualized picker list (role listbox). Only the rows in view (plus a small overscan) exist in
// the DOM, so rendering cost does not depend on how many resources match.
import * as ContextMenu from '@radix-ui/react-context-menu';
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type Ref } from 'react';
import type { ResourceItem, ServerId } from '../../../shared/contract';
import type { PickerColumns } from '../../../shared/picker/columns';
import type { ItemSource } from '../../../shared/picker/item-source';
import { resourceKey } from '../../../shared/resource-key';
import { useCachedT } from '../../i18n/text-cache';
import { ResourceRow, type PickHow } from './ResourceRow';
import { RowContextMenu } from './RowContextMenu';
import { useRowWindow } from './use-row-window';

const ROW_HEIGHT = 52;
const GROUP_HEADER_HEIGHT = 28;
export const listboxId = 'resource-listbox';
export const optionId = (row: number) => `resource-option-${row}`;

export interface ResourceListHandle {
  scrollToRow(row: number): void;
  /** Opens the row's context menu as a right click on it would (Shift+F10, the context-menu key). */
  openRowMenu(row: number): void;
}

/** A `contextmenu` event on the row's element, at its left edge: the menu listens for nothing else. */
function fireRowMenu(row: number): boolean {
  const element = document.getElementById(optionId(row));
  if (!element) return false;
  const box = element.getBoundingClientRect();
  element.dispatchEvent(new globalThis.MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: box.left + 24, clientY: box.top + box.height / 2 }));
  return true;
}

interface Props {
  columns: PickerColumns;
  rows: Uint32Array;
  groupStarts: { row: number; serverId: ServerId }[];
  activeRow: number;
  /** The search text `rows` show (highlighted in them). */
  query: string;
  /**
   * The last whole search: its text and match count. While only the first rows of `query` are shown (its whole
   * search is still to come), they trail it: `data-query` and `data-matching` are theirs, `data-shown-query` is
   * `query`, and the list is busy.
   */
  complete: { query: string; matching: number; done: boolean };
  /** The sort `rows` are in (for tests to know the new order has rendered). */
  sort: string;
  loading: boolean;
  /** The multi-selection, pinned and not-yet-seen added resources, by resource key. */
  selected: ReadonlyMap<string, unknown>;
  pinned: ReadonlySet<string>;
  fresh: ReadonlySet<string>;
  /** These rows were in view long enough to count as seen (they lose their "new" mark). */
  onSeen(keys: string[]): void;
  onPick(row: number, how: PickHow): void;
  /** A row's context menu is opening: it becomes the active row. */
  onMenuRow(row: number): void;
  onKeyDown(event: KeyboardEvent): void;
  handle: Ref<ResourceListHandle>;
}

/** Maps virtual indices (rows plus one header per group) to what they show. */
function entryAt(v: number, groupStarts: Props['groupStarts']): { header?: ServerId; row: number } {
  if (groupStarts.length === 0) return { row: v };
  let g = groupStarts.length - 1;
  while (g > 0 && groupStarts[g].row + g > v) g--;
  const headerAt = groupStarts[g].row + g;
  return v === headerAt ? { header: groupStarts[g].serverId, row: -1 } : { row: v - g - 1 };
}

function virtualIndexOf(row: number, groupStarts: Props['groupStarts']): number {
  let g = 0;
  while (g + 1 < groupStarts.length && groupStarts[g + 1].row <= row) g++;
  return groupStarts.length === 0 ? row : row + g + 1;
}

/** How long an added row stays in view before its "new" mark goes. */
const seenAfterMs = 1_500;

/** Where a windowed row or group header sits in the list's full height. */
const placedAt = (start: number, size: number) => ({ position: 'absolute' as const, top: 0, left: 0, right: 0, height: size, transform: `translateY(${start}px)` });

export function ResourceList({ columns, rows, groupStarts, activeRow, query, complete, sort, loading, selected, pinned, fresh, onSeen, onPick, onMenuRow, onKeyDown, handle }: Props) {
  const t = useCachedT('picker');
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = rows.length + groupStarts.length;
  // A group's header sits before its first row: at that row's index plus the headers before it.
  const headerIndices = useMemo(() => groupStarts.map((g, k) => g.row + k), [groupStarts]);
  const rowWindow = useRowWindow(scrollRef, { count, rowHeight: ROW_HEIGHT, headerHeight: GROUP_HEADER_HEIGHT, headerIndices, overscan: 4 });
  // Rows get one stable callback, so their memo holds when the list re-renders without new rows (the urgent
  // render of a keystroke, before the deferred one with its results).
  const latestOnPick = useRef(onPick);
  useLayoutEffect(() => {
    latestOnPick.current = onPick;
  });
  const pick = useCallback((row: number, how: PickHow) => latestOnPick.current(row, how), []);
  useImperativeHandle(handle, () => ({
    scrollToRow: row => rowWindow.scrollToIndex(virtualIndexOf(row, groupStarts)),
    openRowMenu: row => {
      rowWindow.scrollToIndex(virtualIndexOf(row, groupStarts));
      // A row scrolled in just now is rendered on the next frame.
      if (!fireRowMenu(row)) requestAnimationFrame(() => fireRowMenu(row));
    }
  }));
  const items: ItemSource = columns.items;
  const { startIndex, endIndex } = rowWindow.inView;
  // The added rows in view now (not the overscan): after a while in view they count as seen.
  const freshInView: string[] = [];
  if (fresh.size > 0) {
    for (let v = startIndex; v <= endIndex; v++) {
      const entry = entryAt(v, groupStarts);
      const item = entry.row >= 0 && entry.row < rows.length ? items.at(rows[entry.row]) : undefined;
      if (item && fresh.has(resourceKey(item))) freshInView.push(resourceKey(item));
    }
  }
  const freshInViewKey = freshInView.join('\n');
  useEffect(() => {
    if (!freshInViewKey) return;
    const timer = setTimeout(() => onSeen(freshInViewKey.split('\n')), seenAfterMs);
    return () => clearTimeout(timer);
  }, [freshInViewKey, onSeen]);
  // One menu for the whole list, made for the row it opens on: rows carry no menu of their own.
  const [menuItem, setMenuItem] = useState<ResourceItem | null>(null);
  const onContextMenu = (e: MouseEvent<HTMLElement>) => {
    const option = (e.target as Element).closest<HTMLElement>('[role="option"]');
    const row = Number(option?.getAttribute('aria-posinset')) - 1;
    const item = row >= 0 && row < rows.length ? items.at(rows[row]) : undefined;
    // Not on a row (the empty space below the last one): no menu at all.
    if (!item) return e.preventDefault();
    onMenuRow(row);
    setMenuItem(item);
  };
  return (
    <ContextMenu.Root modal={false} onOpenChange={open => !open && setMenuItem(null)}>
      <ContextMenu.Trigger asChild>
        <div
          ref={scrollRef}
          id={listboxId}
          role="listbox"
          aria-label={t('list.label')}
          aria-multiselectable="true"
          aria-busy={loading || !complete.done}
          aria-activedescendant={activeRow >= 0 && activeRow < rows.length ? optionId(activeRow) : undefined}
          tabIndex={0}
          data-testid="resource-list"
          data-loaded={columns.items.length}
          data-matching={complete.matching}
          data-loading={String(loading)}
          data-query={complete.query}
          data-shown-query={query}
          data-sort={sort}
          className="resource-list"
          onKeyDown={onKeyDown}
          onContextMenu={onContextMenu}
        >
          <div role="presentation" style={{ height: rowWindow.totalSize, position: 'relative' }}>
            {rowWindow.rows.map(v => {
              const entry = entryAt(v.index, groupStarts);
              if (entry.header !== undefined) {
                const style = placedAt(v.start, v.size);
                return (
                  <div key={`h-${entry.header}`} role="presentation" className="group-header" style={style}>
                    {entry.header}
                  </div>
                );
              }
              const item = items.at(rows[entry.row]);
              const key = resourceKey(item);
              const marked = selected.has(key);
              // Keyed by position: a keystroke that changes the matches updates the rows on screen in place
              // instead of unmounting and creating them all.
              return (
                <ResourceRow
                  key={entry.row}
                  item={item}
                  row={entry.row}
                  id={optionId(entry.row)}
                  setSize={rows.length}
                  active={entry.row === activeRow}
                  selected={marked || (selected.size === 0 && entry.row === activeRow)}
                  marked={marked}
                  pinned={pinned.has(key)}
                  fresh={fresh.has(key)}
                  query={query}
                  top={v.start}
                  height={v.size}
                  onPick={pick}
                />
              );
            })}
          </div>
        </div>
      </ContextMenu.Trigger>
      {menuItem && <RowContextMenu item={menuItem} />}
    </ContextMenu.Root>
  );
}
