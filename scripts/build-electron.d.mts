// Types for build-electron.mjs (plain JS so `npm run build` needs no loader).
export function buildElectron(outDir?: string): Promise<string>;
