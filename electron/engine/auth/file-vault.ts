// The token vault of browser mode and the CLI: one JSON file in the data dir, readable by its owner only
// (0600, replaced atomically). Electron encrypts the same text with the OS keychain instead
// (electron/desktop/safe-storage-vault.ts).
import { chmod, readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../config/atomic-write';
import type { SecretVaultPort } from '../ports';

export function fileVault(path: string): SecretVaultPort {
  return {
    async read() {
      try {
        const text = await readFile(path, 'utf8');
        // A file copied in with looser permissions is tightened before anything is added to it.
        await chmod(path, 0o600);
        return text;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    write: text => writeFileAtomic(path, text)
  };
}
