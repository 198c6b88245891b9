// The token store's writes against the real file vault: `flush` settles only once the writes asked for have ended, so
// an engine closing just after a refresh (the app quitting) keeps the rotated refresh token, not the spent one.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, tempDir } from '../../../test-support/engine/engine-harness';
import { fileVault } from './file-vault';
import { TokenStore } from './token-store';

afterAll(cleanup);

describe('TokenStore.flush', () => {
  it('waits for a write nobody awaited (a refresh as the app quits)', async () => {
    const path = join(await tempDir('tokens-'), 'auth', 'tokens.json');
    const store = new TokenStore(fileVault(path));
    await store.load();
    void store.saveTokens('notes', 'http://127.0.0.1:1/mcp', 'http://127.0.0.1:1', { access_token: 'access-2', token_type: 'Bearer', refresh_token: 'rotated' }, { fresh: false });
    await store.flush();
    expect(await readFile(path, 'utf8')).toContain('"rotated"');
  });
});
