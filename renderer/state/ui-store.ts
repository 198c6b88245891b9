// UI state of the shell: which servers the picker shows, the open resource, the dock, visible errors.
// Server data lives in TanStack Query, never here.
import { create } from 'zustand';
import type { AppError, ServerId } from '../../shared/contract';

export interface OpenResource {
  serverId: ServerId;
  uri: string;
}

interface BannerError {
  id: number;
  /** Where it happened, shown before the message (e.g. "Add server"). */
  context: string;
  error: AppError;
}

interface UiState {
  /** Servers the picker is narrowed to; empty means all connected servers. */
  serverFilter: ServerId[];
  groupByServer: boolean;
  openResource: OpenResource | null;
  activeDockPanel: string | null;
  /** The server the Server details panel shows when chosen (a card's "Details", the panel's select). */
  detailsServerId: ServerId | null;
  errors: BannerError[];
  toggleServerFilter(serverId: ServerId): void;
  clearServerFilter(): void;
  setGroupByServer(value: boolean): void;
  open(resource: OpenResource | null): void;
  setActiveDockPanel(id: string | null): void;
  chooseDetailsServer(serverId: ServerId): void;
  reportError(context: string, error: AppError): void;
  dismissError(id: number): void;
}

let nextErrorId = 1;
const maxVisibleErrors = 5;

export const useUiStore = create<UiState>()(set => ({
  serverFilter: [],
  groupByServer: false,
  openResource: null,
  activeDockPanel: null,
  detailsServerId: null,
  errors: [],
  toggleServerFilter: serverId =>
    set(s => ({
      serverFilter: s.serverFilter.includes(serverId)
        ? s.serverFilter.filter(id => id !== serverId)
        : [...s.serverFilter, serverId]
    })),
  clearServerFilter: () => set({ serverFilter: [] }),
  setGroupByServer: value => set({ groupByServer: value }),
  open: resource => set({ openResource: resource }),
  setActiveDockPanel: id => set({ activeDockPanel: id }),
  chooseDetailsServer: serverId => set({ detailsServerId: serverId }),
  reportError: (context, error) =>
    set(s => ({ errors: [...s.errors, { id: nextErrorId++, context, error }].slice(-maxVisibleErrors) })),
  dismissError: id => set(s => ({ errors: s.errors.filter(e => e.id !== id) }))
}));
