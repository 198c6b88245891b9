// Only URIs this server serves can be watched, on both eras and both wires. 2026-07-28: subscriptions/listen
// leaves the others out of the honoured filter, so the acknowledgement (the SDK client's `honoredFilter`)
// lists only what will be announced. 2025-11-25: resources/subscribe answers an error: not found for a valid
// URI that names nothing here, -32602 with a reason for a malformed one (or one a read would refuse).
import { ProtocolError, ResourceNotFoundError, type Client } from '@modelcontextprotocol/client';
import { expect } from 'vitest';
import type { ClientEra } from '../test-support/reference-server/harness';
import { eachEraAndWire, serverOnOwnSandbox, type Wire } from '../test-support/reference-server/wires';
import { usersOf } from './templates';

/** Served: fixed, unlisted, catalog, each template where a read would answer, sandbox files and directories. */
const SERVED = [
  'ref://live/clock', 'ref://samples/folder/readme.txt', 'ref://catalog/0', `ref://users/acme/${usersOf('acme')[0]}/profile`,
  'ref://docs/guides/templates.md', 'ref://search?q=aurora&limit=5', 'test://template/42/data',
  'file:///notes/todo.txt', 'file:///notes/', 'file:///'
];
/** Not served, with what resources/subscribe answers: a reason, or undefined for "not found". */
const REFUSED: Array<[string, string | undefined]> = [
  ['not a uri', 'malformed-uri'], ['nonsense', 'malformed-uri'], ['ref://bad%zzescape', 'malformed-uri'],
  ['ref://nothing/here', undefined], ['ref://errors/missing', undefined], ['ref://catalog/999999', undefined],
  ['ref://users/acme/nobody/profile', undefined], ['ref://docs/no-such-page.md', undefined], ['file:///notes/none.txt', undefined],
  ['ref://search?limit=500', 'limit-too-large'], ['file:///../etc/hostname', 'path-traversal'], ['file:///escape-link', 'symlink-escape']
];

const target = serverOnOwnSandbox(['--resources', '5']);

async function checkWatchValidation(client: Client, era: ClientEra, wire: Wire): Promise<void> {
  if (era === 'modern') {
    const mixed = [...SERVED.slice(0, 5), ...REFUSED.map(([uri]) => uri), ...SERVED.slice(5)];
    const sub = await client.listen({ resourceSubscriptions: mixed, resourcesListChanged: true });
    expect(sub.honoredFilter).toEqual({ resourceSubscriptions: SERVED, resourcesListChanged: true });
    await sub.close();
    // Nothing honoured at all: the acknowledgement is empty. Over HTTP the SDK then ends the subscription
    // gracefully; over stdio it keeps the empty subscription open until the client closes it.
    const none = await client.listen({ resourceSubscriptions: ['nonsense', 'ref://nothing/here'] });
    expect(none.honoredFilter).toEqual({});
    if (wire === 'http') expect(await none.closed).toBe('graceful');
    await none.close();
    return;
  }
  for (const uri of SERVED) {
    await client.subscribeResource({ uri });
    await client.unsubscribeResource({ uri });
  }
  for (const [uri, reason] of REFUSED) {
    const e = await client.subscribeResource({ uri }).then(() => undefined, (err: unknown) => err);
    expect(e, uri).toBeInstanceOf(ProtocolError);
    expect((e as ProtocolError).code, uri).toBe(-32602);
    if (reason === undefined) {
      expect(e, uri).toBeInstanceOf(ResourceNotFoundError);
      expect((e as ProtocolError).data).toEqual({ uri });
    } else {
      expect(e, uri).not.toBeInstanceOf(ResourceNotFoundError);
      expect((e as ProtocolError).data, uri).toMatchObject({ uri, reason });
    }
  }
}

eachEraAndWire('watching only what is served', target, checkWatchValidation);
