// The first-run tour: whether it is showing, which step, and whether it was seen (kept in localStorage, so it
// shows once; the command palette shows it again on request).
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const TOUR_STEPS = ['servers', 'list', 'viewer', 'tray', 'dock'] as const;

interface TourState {
  seen: boolean;
  /** The step showing, or null when the tour is closed. */
  step: number | null;
  start(): void;
  go(step: number): void;
  finish(): void;
}

export const useTourStore = create<TourState>()(
  persist(
    set => ({
      seen: false,
      step: null,
      start: () => set({ step: 0 }),
      go: step => set({ step: Math.max(0, Math.min(TOUR_STEPS.length - 1, step)) }),
      finish: () => set({ step: null, seen: true })
    }),
    { name: 'mcprb.tour', storage: createJSONStorage(() => localStorage), partialize: s => ({ seen: s.seen }) }
  )
);
