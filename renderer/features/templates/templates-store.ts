// Templates panel state: which server and template are open, and what the user typed per template, so that
// switching between templates (or closing the panel) loses nothing.
import { create } from 'zustand';
import type { ServerId } from '../../../shared/contract';
import { serverScopedKey } from '../../../shared/resource-key';

/** How a variable's value is entered: one text, a list (one item per line), or key=value pairs (one per line). */
export type ValueKind = 'text' | 'list' | 'pairs';

export interface ArgumentInput {
  kind: ValueKind;
  text: string;
}

interface TemplatesState {
  serverId: ServerId | null;
  /** The open template, as `serverScopedKey(serverId, uriTemplate)`. */
  openKey: string | null;
  inputs: Record<string, Record<string, ArgumentInput>>;
  selectServer(serverId: ServerId | null): void;
  openTemplate(serverId: ServerId, uriTemplate: string): void;
  setInput(key: string, name: string, input: ArgumentInput): void;
  /** Replaces every value of a template (a saved one filled in). */
  setInputs(key: string, inputs: Record<string, ArgumentInput>): void;
}

export const useTemplatesStore = create<TemplatesState>()(set => ({
  serverId: null,
  openKey: null,
  inputs: {},
  selectServer: serverId => set({ serverId, openKey: null }),
  openTemplate: (serverId, uriTemplate) => set({ openKey: serverScopedKey(serverId, uriTemplate) }),
  setInput: (key, name, input) => set(s => ({ inputs: { ...s.inputs, [key]: { ...s.inputs[key], [name]: input } } })),
  setInputs: (key, inputs) => set(s => ({ inputs: { ...s.inputs, [key]: inputs } }))
}));
