// Where the authorization server keeps its state: oidc-provider's own in-memory storage (the reference server
// keeps nothing on disk, so a restart signs everyone out), with two changes to how clients are kept.
//
// A client's registered `scope` (RFC 7591) is not kept as a limit: oidc-provider would refuse any other scope to
// that client, and MCP clients register with the scope they need first (the SDK client does), then step up to
// more (ref:secret) when a 403 asks for it. The server decides what a client gets at consent instead.
//
// oidc-provider resolves a `client_id` that is an https URL itself (features.clientIdMetadataDocument). Local
// tests and a desktop client on this machine have no https server, so when the reference server itself listens on
// a loopback address (and only then) a `client_id` that is an http URL on a loopback host is resolved here, the
// same way: the document is fetched (no redirects, bounded size), must be a JSON object whose `client_id` is that
// URL, and may not claim a secret. A server bound to another address accepts https client IDs only.
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import { log } from '../log';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const MAX_DOCUMENT_BYTES = 64 * 1024;
const FETCH_TIMEOUT_MS = 5000;

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host) || host === '::1';
}

/** An http client ID this server may resolve: loopback host, a path, no credentials, query or fragment. */
function isLoopbackClientIdUrl(id: string): boolean {
  const url = URL.parse(id);
  return url !== null && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && url.pathname !== '/'
    && !url.username && !url.password && !url.search && !url.hash && url.href === id;
}

/** The body as text, refused (and no longer read) past MAX_DOCUMENT_BYTES. */
async function boundedText(response: Response): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > MAX_DOCUMENT_BYTES) throw new Error(`is larger than ${MAX_DOCUMENT_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function fetchClientDocument(id: string): Promise<AdapterPayload> {
  const response = await fetch(id, { redirect: 'manual', headers: { accept: 'application/json' }, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (response.status !== 200) throw new Error(`answered HTTP ${response.status}`);
  const document: unknown = JSON.parse(await boundedText(response));
  if (typeof document !== 'object' || document === null || Array.isArray(document)) throw new Error('is not a JSON object');
  const metadata = document as AdapterPayload;
  if (metadata.client_id !== id) throw new Error('names another client_id');
  if ('client_secret' in metadata || 'client_secret_expires_at' in metadata) throw new Error('contains a client secret');
  const authMethod = metadata.token_endpoint_auth_method;
  if (authMethod !== undefined && authMethod !== 'none') throw new Error(`asks for token_endpoint_auth_method ${String(authMethod)} (only none)`);
  return withoutScopeLimit({ ...metadata, token_endpoint_auth_method: 'none' });
}

function withoutScopeLimit(metadata: AdapterPayload): AdapterPayload {
  const { scope: _limit, ...rest } = metadata;
  return rest;
}

/** The Client model: registered clients first, then (when allowed) loopback metadata documents. */
class ClientStore implements Adapter {
  constructor(private readonly registered: Adapter, private readonly loopbackClientDocuments: boolean) {}

  async find(id: string): Promise<AdapterPayload | undefined> {
    const stored = await this.registered.find(id);
    if (stored) return stored;
    if (!this.loopbackClientDocuments || !isLoopbackClientIdUrl(id)) return undefined;
    try {
      return await fetchClientDocument(id);
    } catch (e) {
      // Unknown client, as for any client_id that resolves to nothing: the client learns invalid_client.
      log(`auth: the client metadata document ${id} ${(e as Error).message}`);
      return undefined;
    }
  }

  upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
    return this.registered.upsert(id, withoutScopeLimit(payload), expiresIn);
  }

  findByUserCode(userCode: string) {
    return this.registered.findByUserCode(userCode);
  }

  findByUid(uid: string) {
    return this.registered.findByUid(uid);
  }

  consume(id: string) {
    return this.registered.consume(id);
  }

  destroy(id: string) {
    return this.registered.destroy(id);
  }

  revokeByGrantId(grantId: string) {
    return this.registered.revokeByGrantId(grantId);
  }
}

export function authStorage(loopbackClientDocuments: boolean): AdapterFactory {
  const memory = createMemoryAdapter();
  return model => (model === 'Client' ? new ClientStore(memory(model), loopbackClientDocuments) : memory(model));
}
