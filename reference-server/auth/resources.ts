// The resources only a signed-in server has. ref://auth/whoami answers who the token names, so each user reads
// something else at the same URI (cacheScope private: a client must not share the answer between users).
// ref://auth/secret needs the ref:secret scope as well (protected-resource.ts answers 403 without it).
import { ProtocolError, ProtocolErrorCode, type ServerContext } from '@modelcontextprotocol/server';
import { createHash } from 'node:crypto';
import { CACHE, textResult, type ResourceEntry } from '../entry';
import { userOf } from './protected-resource';
import { SECRET_SCOPE, SECRET_URI, WHOAMI_URI } from './vocabulary';

function signedIn(ctx: ServerContext) {
  const auth = ctx.http?.authInfo;
  const user = userOf(auth);
  // The HTTP gate lets no request through without a token; this is for a wiring mistake, not a client's.
  if (!auth || !user) throw new ProtocolError(ProtocolErrorCode.InternalError, 'This request carries no signed-in user');
  return { user, clientId: auth.clientId, scopes: auth.scopes };
}

export function authEntries(): ResourceEntry[] {
  return [
    {
      meta: {
        uri: WHOAMI_URI, name: 'whoami', title: 'Who am I',
        description: 'The signed-in user, the client and the scopes of the token (private to each user)', mimeType: 'application/json'
      },
      cache: CACHE.privateMinute,
      read: (uri, ctx) => textResult(uri, 'application/json', JSON.stringify(signedIn(ctx)))
    },
    {
      meta: {
        uri: SECRET_URI, name: 'secret', title: 'A secret',
        description: `Readable with the ${SECRET_SCOPE} scope only (step-up); private to each user`, mimeType: 'text/plain'
      },
      cache: CACHE.privateMinute,
      read: (uri, ctx) => {
        const { user } = signedIn(ctx);
        const secret = createHash('sha256').update(`reference-server secret of ${user}`).digest('hex').slice(0, 16);
        return textResult(uri, 'text/plain', `The secret of ${user} is ${secret}.\n`);
      }
    }
  ];
}
