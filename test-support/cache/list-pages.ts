// A public resources/list page put straight into a response store, as the engine's list walk stores it: the list
// stands for the server (its identity and id), the cursor for the page.
import { entryKey, pagePartition } from '../../electron/engine/cache/keys';
import type { ResponseStore } from '../../electron/engine/cache/response-store';

export function putListPage(store: ResponseStore, list: string, cursor: string, value: string) {
  return store.put({
    key: entryKey(list, pagePartition(''), 'resources/list', cursor),
    identity: list,
    serverId: list,
    writerPrincipal: '',
    method: 'resources/list',
    params: cursor,
    partition: pagePartition(''),
    scope: 'public',
    value,
    expiresAt: 60_000
  });
}
