// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthDetails } from '../../../shared/contract';
import { OAuthView } from './OAuthView';

afterEach(cleanup);

const SERVER = 'http://127.0.0.1:4000/mcp';

const details = (extra: Partial<AuthDetails> = {}): AuthDetails => ({
  serverId: 'secure',
  status: { state: 'signed-in', scopes: ['mcp'], issuer: 'http://127.0.0.1:4000' },
  challenge: { status: 401, error: 'invalid_token', scope: 'mcp', resourceMetadata: 'http://127.0.0.1:4000/.well-known/oauth-protected-resource/mcp' },
  resourceMetadataUrl: 'http://127.0.0.1:4000/.well-known/oauth-protected-resource/mcp',
  protectedResourceMetadata: { resource: SERVER, authorization_servers: ['http://127.0.0.1:4000'], scopes_supported: ['mcp'] },
  authorizationServerMetadata: {
    issuer: 'http://127.0.0.1:4000',
    authorization_endpoint: 'http://127.0.0.1:4000/authorize',
    token_endpoint: 'http://127.0.0.1:4000/token',
    registration_endpoint: 'http://127.0.0.1:4000/register',
    code_challenge_methods_supported: ['S256']
  },
  resource: SERVER,
  client: { clientId: 'abc', registration: 'dynamic', hasSecret: false },
  redirectUri: 'http://127.0.0.1:5555/callback',
  revocationSupported: true,
  flow: [
    { at: 1, kind: 'protected-resource-metadata', method: 'GET', url: 'http://127.0.0.1:4000/.well-known/oauth-protected-resource/mcp', status: 200, outcome: 'ok', durationMs: 4 },
    { at: 2, kind: 'callback', method: 'GET', url: 'http://127.0.0.1:5555/callback?code=[redacted]&state=[redacted]', outcome: 'ok' },
    { at: 3, kind: 'token', method: 'POST', url: 'http://127.0.0.1:4000/token', status: 400, outcome: 'error', detail: 'invalid_grant: PKCE verification failed' }
  ],
  ...extra
});

const checks = () => Object.fromEntries(screen.getAllByTestId('oauth-check').map(c => [c.dataset.check, c.dataset.ok]));

describe('OAuthView', () => {
  it('shows the challenge, the metadata fields, the client and each flow step', () => {
    render(<OAuthView details={details()} serverUrl={SERVER} />);
    expect(screen.getByTestId('oauth-challenge').textContent).toContain('scope=mcp');
    expect(screen.getByTestId('oauth-resource-metadata').querySelector('[data-field="authorization_servers"]')?.textContent).toContain('http://127.0.0.1:4000');
    expect(screen.getByTestId('oauth-as-metadata').querySelector('[data-field="revocation_endpoint"]')?.textContent).toContain('absent');
    expect(screen.getByTestId('oauth-client').textContent).toContain('Dynamic Client Registration');
    const steps = screen.getAllByTestId('oauth-flow-step');
    expect(steps.map(s => [s.dataset.kind, s.dataset.status, s.dataset.outcome])).toEqual([
      ['protected-resource-metadata', '200', 'ok'],
      ['callback', '', 'ok'],
      ['token', '400', 'error']
    ]);
    expect(steps[2].textContent).toContain('invalid_grant: PKCE verification failed');
    expect(checks()).toEqual({ 'resource-matches': 'true', 'authorization-servers': 'true', 'issuer-matches': 'true', 'pkce-s256': 'true', registration: 'true' });
  });

  it('flags what a client would trip on: another resource, another issuer, no S256, no way to register', () => {
    render(
      <OAuthView
        details={details({
          protectedResourceMetadata: { resource: 'http://127.0.0.1:4000/', authorization_servers: ['http://127.0.0.1:4000'] },
          authorizationServerMetadata: { issuer: 'http://127.0.0.1:9999', code_challenge_methods_supported: ['plain'] }
        })}
        serverUrl={SERVER}
      />
    );
    expect(checks()).toEqual({ 'resource-matches': 'false', 'authorization-servers': 'true', 'issuer-matches': 'false', 'pkce-s256': 'false', registration: 'false' });
  });

  it('says what is not known yet before any sign-in', () => {
    render(<OAuthView details={{ serverId: 'secure', status: { state: 'none' }, revocationSupported: false, flow: [] }} serverUrl={SERVER} />);
    expect(screen.getByTestId('oauth-resource-metadata').dataset.found).toBe('false');
    expect(screen.getByTestId('oauth-challenge').textContent).toContain('has not refused');
    expect(screen.getByText('No sign-in has run since the app started.')).toBeTruthy();
    expect(screen.queryAllByTestId('oauth-check')).toEqual([]);
  });
});
