// The desktop's token vault: the sign-in secrets encrypted with the OS keychain (Electron's `safeStorage`),
// in a 0600 file of the app's data folder. Where the OS offers no encryption (Linux without a keyring) it is
// the plain 0600 file browser mode and the CLI use, and the app says so once. Electron's `safeStorage` is handed
// in by the shell (electron/main.ts), the one module that imports `electron`.
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../engine/config/atomic-write';
import { fileVault } from '../engine/auth/file-vault';
import type { SecretVaultPort } from '../engine/ports';

/** The part of Electron's `safeStorage` the vault uses. */
export interface KeychainCipher {
  isEncryptionAvailable(): boolean;
  encryptString(text: string): Buffer;
  decryptString(sealed: Buffer): string;
}

export function safeStorageVault(path: string, safeStorage: KeychainCipher): SecretVaultPort {
  if (!safeStorage.isEncryptionAvailable()) {
    console.warn('[auth] the OS keychain is not available: sign-in tokens are kept in a file only you can read, unencrypted');
    return fileVault(path);
  }
  return {
    async read() {
      try {
        return safeStorage.decryptString(Buffer.from(await readFile(path, 'utf8'), 'base64'));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    write: text => writeFileAtomic(path, safeStorage.encryptString(text).toString('base64'))
  };
}
