// Which server's card shows its edit form: set by the card's menu or the command palette's "Edit …".
import { create } from 'zustand';
import type { ServerId } from '../../../shared/contract';

interface ServerEditState {
  editing: ServerId | null;
  edit(serverId: ServerId): void;
  done(): void;
}

export const useServerEditStore = create<ServerEditState>()(set => ({
  editing: null,
  edit: serverId => set({ editing: serverId }),
  done: () => set({ editing: null })
}));
