// Whether the command palette is open, and where focus was when it opened (it goes back there on close).
import { create } from 'zustand';

interface CommandPaletteState {
  open: boolean;
  returnFocus: HTMLElement | null;
  show(): void;
  hide(): void;
}

export const useCommandPaletteStore = create<CommandPaletteState>()(set => ({
  open: false,
  returnFocus: null,
  show: () =>
    set(s => (s.open ? s : { open: true, returnFocus: document.activeElement instanceof HTMLElement ? document.activeElement : null })),
  hide: () => set({ open: false })
}));
