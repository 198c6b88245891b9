// What a server developer usually gets wrong in an authorization setup, checked against what was discovered:
// each check says what the MCP authorization spec expects and whether this server meets it.
import type { AuthDetails } from '../../../shared/contract';

export interface OAuthCheck {
  id: string;
  ok: boolean;
  text: string;
}

const list = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function oauthChecks(details: AuthDetails, serverUrl: string): OAuthCheck[] {
  const checks: OAuthCheck[] = [];
  const prm = details.protectedResourceMetadata;
  const as = details.authorizationServerMetadata;
  if (prm) {
    const resource = typeof prm.resource === 'string' ? prm.resource : undefined;
    checks.push({
      id: 'resource-matches',
      ok: resource !== undefined && trimSlash(resource) === trimSlash(serverUrl),
      text: resource
        ? `The resource metadata names the resource ${resource}; this server is configured as ${serverUrl} (RFC 9728 §3.3: they must match)`
        : 'The resource metadata has no "resource" member (RFC 9728 requires it)'
    });
    const servers = list(prm.authorization_servers);
    checks.push({
      id: 'authorization-servers',
      ok: servers.length > 0,
      text: servers.length ? `It names ${servers.length} authorization server${servers.length > 1 ? 's' : ''}` : 'It names no authorization_servers: a client cannot find where to sign in'
    });
  }
  if (as) {
    const issuer = typeof as.issuer === 'string' ? as.issuer : undefined;
    const named = prm ? list(prm.authorization_servers).map(trimSlash) : [];
    if (named.length) {
      checks.push({
        id: 'issuer-matches',
        ok: issuer !== undefined && named.includes(trimSlash(issuer)),
        text: `The authorization server's issuer is ${issuer ?? '(missing)'}; it must be the one the resource metadata names (RFC 8414 §3.3)`
      });
    }
    const pkce = list(as.code_challenge_methods_supported);
    checks.push({
      id: 'pkce-s256',
      ok: pkce.includes('S256'),
      text: pkce.includes('S256')
        ? 'PKCE S256 is advertised (code_challenge_methods_supported)'
        : 'code_challenge_methods_supported does not list S256: MCP clients must refuse to sign in'
    });
    const canRegister = typeof as.registration_endpoint === 'string' || as.client_id_metadata_document_supported === true;
    checks.push({
      id: 'registration',
      ok: canRegister,
      text: canRegister
        ? 'A client can register itself (registration_endpoint or client_id_metadata_document_supported)'
        : 'No registration_endpoint and no Client ID Metadata Documents: clients need a client id configured by hand'
    });
  }
  return checks;
}
