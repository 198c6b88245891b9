// The SDK's own OAuth client (an OAuthClientProvider on the Streamable HTTP transport) against --auth: it
// discovers from the 401, registers (DCR: the SDK client takes https client metadata URLs only, so the loopback
// documents are tested with fetch in auth-flow.test.ts), sends PKCE and `resource`, checks `iss`, and steps up
// on the 403 for ref://auth/secret. The user's browser is played by fetch.
import {
  StreamableHTTPClientTransport, type Client, UnauthorizedError, type OAuthClientMetadata, type OAuthClientProvider,
  type StoredOAuthClientInformation, type StoredOAuthTokens
} from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient, type ClientEra } from '../test-support/reference-server/harness';
import { HttpReferenceServer } from '../test-support/reference-server/http-server';
import { authorizeHeadless } from '../test-support/reference-server/oauth-flow';

const REDIRECT = 'http://127.0.0.1:9/callback';

/** An in-memory OAuth client whose "browser" follows the authorization URL at once and keeps the callback URL. */
class HeadlessProvider implements OAuthClientProvider {
  information: StoredOAuthClientInformation | undefined;
  stored: StoredOAuthTokens | undefined;
  verifier = '';
  callback: URL | undefined;
  authorizations: URL[] = [];

  get redirectUrl() {
    return REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'SDK client test', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }

  clientInformation() {
    return this.information;
  }

  saveClientInformation(information: StoredOAuthClientInformation) {
    this.information = information;
  }

  tokens() {
    return this.stored;
  }

  saveTokens(tokens: StoredOAuthTokens) {
    this.stored = tokens;
  }

  async redirectToAuthorization(url: URL) {
    this.authorizations.push(url);
    this.callback = await authorizeHeadless(url.href, REDIRECT);
  }

  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }

  codeVerifier() {
    return this.verifier;
  }
}

/** Connects; on the first 401 the provider has been through the browser, so the code is exchanged and it connects again. */
async function signedInClient(url: string, era: ClientEra, provider: HeadlessProvider) {
  const first = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
  const refused = await newClient(era).connect(first).catch((e: unknown) => e);
  expect(refused, String(refused) + JSON.stringify(refused)).toBeInstanceOf(UnauthorizedError);
  expect(provider.callback?.searchParams.get('code')).toBeTruthy();
  await first.finishAuth(provider.callback!.searchParams);
  const client = newClient(era);
  const transport = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
  await client.connect(transport);
  return { client, transport };
}

async function readText(client: Client, uri: string) {
  const [content] = (await client.readResource({ uri })).contents;
  return 'text' in content ? content.text : '';
}

let server: HttpReferenceServer;
beforeAll(async () => {
  server = await HttpReferenceServer.start(['--resources', '10', '--auth', '--auth-auto-approve', '--auth-user', 'dana']);
});
afterAll(async () => {
  await server?.stop();
});

describe.each<ClientEra>(['modern', 'legacy'])('the SDK OAuth client, %s era', era => {
  it('registers with DCR, signs in with PKCE and resource, and reads as the user', async () => {
    const provider = new HeadlessProvider();
    const { client } = await signedInClient(server.url, era, provider);
    try {
      expect(provider.information?.client_id).toBeTruthy();
      const asked = provider.authorizations[0].searchParams;
      expect(asked.get('code_challenge_method')).toBe('S256');
      expect(asked.get('resource')).toBe(server.url);
      // The challenge's scope, and offline_access since the server's metadata lists it.
      expect(asked.get('scope')?.split(' ')).toContain('mcp');
      expect(provider.stored?.refresh_token).toBeTruthy();
      expect(JSON.parse(await readText(client, 'ref://auth/whoami'))).toMatchObject({ user: 'dana', scopes: ['mcp'] });
    } finally {
      await client.close();
    }
  });
});

describe('the SDK OAuth client stepping up', () => {
  it('asks again for mcp and ref:secret after the 403, then reads the secret', async () => {
    const provider = new HeadlessProvider();
    const { client, transport } = await signedInClient(server.url, 'modern', provider);
    try {
      await expect(readText(client, 'ref://auth/secret')).rejects.toBeInstanceOf(UnauthorizedError);
      expect(provider.authorizations).toHaveLength(2);
      expect(provider.authorizations[1].searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['mcp', 'ref:secret']));
      await transport.finishAuth(provider.callback!.searchParams);
      expect(await readText(client, 'ref://auth/secret')).toMatch(/^The secret of dana is [0-9a-f]{16}\.$/m);
    } finally {
      await client.close();
    }
  });
});
