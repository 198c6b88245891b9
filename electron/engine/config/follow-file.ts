// The config file, followed on disk: an edit made by hand or by another tool is applied as "Reload config" applies
// it, and the page is told. Polled (fs.watchFile, one stat per interval) rather than watched with fs.watch: editors
// save by writing a new file and renaming it over the old one, the file may not exist yet (a first start) or sit on a
// network drive, and polling follows the path through all of these. The app's own saves are told apart by their
// text (ConfigStore.changedOnDisk), not by timing.
import { unwatchFile, watchFile, type Stats } from 'node:fs';

/** How often the file is looked at: an edit is applied about this long after it is saved. */
export const FOLLOW_INTERVAL_MS = 1_000;

/**
 * Calls `changed` when the file at `path` looks changed (its size, time or inode), one call at a time: a change
 * seen while one runs is looked at once it ends. Returns the function that stops following it.
 */
export function followFile(path: string, changed: () => Promise<void>, intervalMs = FOLLOW_INTERVAL_MS): () => void {
  let running = false;
  let again = false;
  const look = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    changed()
      .catch(err => console.error(`[engine] could not apply the change to ${path}:`, err))
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          look();
        }
      });
  };
  const listener = (now: Stats, before: Stats) => {
    if (now.mtimeMs !== before.mtimeMs || now.size !== before.size || now.ino !== before.ino) look();
  };
  // Not persistent: a host that closes the engine is not kept alive by it.
  watchFile(path, { interval: intervalMs, persistent: false }, listener);
  return () => unwatchFile(path, listener);
}
