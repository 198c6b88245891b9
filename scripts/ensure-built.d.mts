// Types for ensure-built.mjs (plain JS so `npm run web` needs no loader).
export function rendererStaleness(projectRoot?: string): string | null;
export function ensureBuilt(): Promise<void>;
export function ensureNodeBundlesBuilt(): Promise<void>;
