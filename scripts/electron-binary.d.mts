// Types for electron-binary.mjs (plain JS so `npm start` needs no loader).
export function findElectronBinary(
  projectRoot: string,
  options?: { tryInstall?: boolean; installTimeoutMs?: number }
): { binary: string; reason?: undefined } | { binary?: undefined; reason: string };
