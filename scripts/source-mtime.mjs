// When sources last changed, for deciding whether a build is stale: the newest modification time below a path,
// tests left out (no build holds them).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const isTestFile = name => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);

export function newestMtime(entry) {
  const info = statSync(entry, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return isTestFile(entry) ? 0 : info.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}
