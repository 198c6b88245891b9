// Types for ensure-built.mjs (plain JS so `npm run web` needs no loader).
export function rendererStaleness(projectRoot?: string): string | null;
export function buildRenderer(): void;
export function ensureRendererBuilt(): boolean;
