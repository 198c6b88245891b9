// Sign-out at the authorization server (RFC 7009): the refresh token first (revoking it should end the
// grant's access tokens too, §2.1), then the access token. Only where the server's metadata names a
// `revocation_endpoint`; the local tokens are forgotten whatever happens here.
import type { FetchLike, StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';
import type { SignOutResult } from '../../../shared/contract';

function clientAuth(client: StoredOAuthClientInformation, methods: unknown, body: URLSearchParams, headers: Headers): void {
  const secret = client.client_secret;
  const supported = Array.isArray(methods) ? (methods as string[]) : undefined;
  if (secret && (!supported || supported.includes('client_secret_basic'))) {
    const encode = (text: string) => encodeURIComponent(text);
    headers.set('authorization', `Basic ${Buffer.from(`${encode(client.client_id)}:${encode(secret)}`).toString('base64')}`);
    return;
  }
  body.set('client_id', client.client_id);
  if (secret) body.set('client_secret', secret);
}

export async function revokeTokens(
  tokens: StoredOAuthTokens,
  client: StoredOAuthClientInformation | undefined,
  metadata: Record<string, unknown> | undefined,
  fetchFn: FetchLike
): Promise<Pick<SignOutResult, 'revocation' | 'error'>> {
  const endpoint = metadata?.revocation_endpoint;
  if (typeof endpoint !== 'string') return { revocation: 'not-offered' };
  if (!client) return { revocation: 'failed', error: 'the client this grant was issued to is not known any more' };
  const order: [string, string | undefined][] = [
    ['refresh_token', tokens.refresh_token],
    ['access_token', tokens.access_token]
  ];
  for (const [hint, token] of order) {
    if (!token) continue;
    const body = new URLSearchParams({ token, token_type_hint: hint });
    const headers = new Headers({ 'content-type': 'application/x-www-form-urlencoded' });
    clientAuth(client, metadata?.revocation_endpoint_auth_methods_supported, body, headers);
    try {
      const response = await fetchFn(endpoint, { method: 'POST', headers, body });
      // 200 whether or not the token was still valid (§2.2); anything else is a refusal.
      if (!response.ok) return { revocation: 'failed', error: `the revocation endpoint answered ${response.status}` };
    } catch (err) {
      return { revocation: 'failed', error: `the revocation endpoint could not be reached: ${(err as Error).message}` };
    }
  }
  return { revocation: 'revoked' };
}
