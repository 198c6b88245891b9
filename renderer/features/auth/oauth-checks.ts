// What a server developer usually gets wrong in an authorization setup, checked against what was discovered:
// each check says what the MCP authorization spec expects and whether this server meets it.
import type { TFunction } from 'i18next';
import type { AuthDetails } from '../../../shared/contract';

export interface OAuthCheck {
  id: string;
  ok: boolean;
  text: string;
}

const list = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function oauthChecks(details: AuthDetails, serverUrl: string, t: TFunction<'auth'>): OAuthCheck[] {
  const checks: OAuthCheck[] = [];
  const prm = details.protectedResourceMetadata;
  const as = details.authorizationServerMetadata;
  if (prm) {
    const resource = typeof prm.resource === 'string' ? prm.resource : undefined;
    checks.push({
      id: 'resource-matches',
      ok: resource !== undefined && trimSlash(resource) === trimSlash(serverUrl),
      text: resource ? t('check.resource', { resource, serverUrl }) : t('check.noResource')
    });
    const servers = list(prm.authorization_servers);
    checks.push({
      id: 'authorization-servers',
      ok: servers.length > 0,
      text: servers.length ? t('check.authorizationServers', { count: servers.length }) : t('check.noAuthorizationServers')
    });
  }
  if (as) {
    const issuer = typeof as.issuer === 'string' ? as.issuer : undefined;
    const named = prm ? list(prm.authorization_servers).map(trimSlash) : [];
    if (named.length) {
      checks.push({
        id: 'issuer-matches',
        ok: issuer !== undefined && named.includes(trimSlash(issuer)),
        text: issuer ? t('check.issuer', { issuer }) : t('check.noIssuer')
      });
    }
    const pkce = list(as.code_challenge_methods_supported);
    checks.push({
      id: 'pkce-s256',
      ok: pkce.includes('S256'),
      text: pkce.includes('S256') ? t('check.pkce') : t('check.noPkce')
    });
    const canRegister = typeof as.registration_endpoint === 'string' || as.client_id_metadata_document_supported === true;
    checks.push({
      id: 'registration',
      ok: canRegister,
      text: canRegister ? t('check.registration') : t('check.noRegistration')
    });
  }
  return checks;
}
