// Templates panel state: which server and template are open, and what the user typed per template, so that
// switching between templates (or closing the panel) loses nothing.
import { create } from 'zustand';
import type { ServerId } from '../../../shared/contract';

/** How a variable's value is entered: one text, a list (one item per line), or key=value pairs (one per line). */
export type ValueKind = 'text' | 'list' | 'pairs';

export interface ArgumentInput {
  kind: ValueKind;
  text: string;
}

interface TemplatesState {
  serverId: ServerId | null;
  /** The open template, as `serverId\nuriTemplate`. */
  openKey: string | null;
  inputs: Record<string, Record<string, ArgumentInput>>;
  selectServer(serverId: ServerId | null): void;
  openTemplate(serverId: ServerId, uriTemplate: string): void;
  setInput(key: string, name: string, input: ArgumentInput): void;
}

export function templateKey(serverId: ServerId, uriTemplate: string): string {
  return `${serverId}\n${uriTemplate}`;
}

export const useTemplatesStore = create<TemplatesState>()(set => ({
  serverId: null,
  openKey: null,
  inputs: {},
  selectServer: serverId => set({ serverId, openKey: null }),
  openTemplate: (serverId, uriTemplate) => set({ openKey: templateKey(serverId, uriTemplate) }),
  setInput: (key, name, input) => set(s => ({ inputs: { ...s.inputs, [key]: { ...s.inputs[key], [name]: input } } }))
}));
