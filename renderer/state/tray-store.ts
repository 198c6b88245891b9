// The context tray: resources a person picked by hand, in the order they want them exported.
import { create } from 'zustand';
import type { ResourceItem } from '../../shared/contract';
import { resourceKey } from '../../shared/resource-key';

interface TrayState {
  items: ResourceItem[];
  add(item: ResourceItem): void;
  remove(key: string): void;
  /** Moves the item at `from` to `to` (indices into `items`). */
  move(from: number, to: number): void;
  clear(): void;
}

export const useTrayStore = create<TrayState>()(set => ({
  items: [],
  add: item =>
    set(s => (s.items.some(i => resourceKey(i) === resourceKey(item)) ? s : { items: [...s.items, item] })),
  remove: key => set(s => ({ items: s.items.filter(i => resourceKey(i) !== key) })),
  move: (from, to) =>
    set(s => {
      if (from === to || from < 0 || to < 0 || from >= s.items.length || to >= s.items.length) return s;
      const items = [...s.items];
      const [moved] = items.splice(from, 1);
      items.splice(to, 0, moved);
      return { items };
    }),
  clear: () => set({ items: [] })
}));
