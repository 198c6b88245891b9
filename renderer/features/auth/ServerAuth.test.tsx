// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthStatus } from '../../../shared/contract';
import { renderWithEngine, stubEngine } from '../../../test-support/renderer/stub-engine';
import { ServerAuth } from './ServerAuth';
import { useBlockedSignInPages } from './sign-in-tabs';

afterEach(cleanup);

const engine = () =>
  stubEngine({
    'auth.signIn': () => ({ state: 'pending', step: 'discovering' }),
    'auth.cancel': () => ({ cancelled: true }),
    'auth.signOut': () => ({ signedOut: true, revocation: 'revoked' })
  });

function show(auth: AuthStatus, stub = engine()) {
  renderWithEngine(<ServerAuth serverId="secure" auth={auth} />, stub);
  return stub;
}

describe('ServerAuth', () => {
  it('shows nothing for a server that never asked for sign-in', () => {
    show({ state: 'none' });
    expect(screen.queryByTestId('auth-status')).toBeNull();
  });

  it('required: the reason, the scopes asked for, and Sign in, which calls auth.signIn', async () => {
    const stub = show({ state: 'required', error: 'The server needs more access', scopes: ['mcp', 'ref:secret'] });
    expect(screen.getByTestId('auth-status').dataset.authState).toBe('required');
    expect(screen.getByTestId('auth-scopes').dataset.scopes).toBe('mcp ref:secret');
    fireEvent.click(screen.getByTestId('sign-in-button'));
    await waitFor(() => expect(stub.calls).toEqual([{ method: 'auth.signIn', params: { serverId: 'secure' } }]));
  });

  it("marks hidden characters in what an authorization server says: the account, the scopes, the reason", () => {
    show({ state: 'signed-in', user: 'admin\u202eresu', scopes: ['mcp\u200b'], expiresAt: Date.now() + 60_000 });
    expect(screen.getByTestId('auth-user').textContent).toBe('admin[RLO]resu');
    expect(screen.getByTestId('auth-scopes').textContent).toContain('mcp[ZWSP]');
    cleanup();
    show({ state: 'required', error: 'Sign in to \u202eeliforp' });
    expect(screen.getByTestId('auth-error').textContent).toBe('Sign in to [RLO]eliforp');
  });

  it('pending: the step waited on, the sign-in page as a link (an alert once blocked), and Cancel', async () => {
    const url = 'http://127.0.0.1:1/authorize?x=1';
    const stub = show({ state: 'pending', step: 'awaiting-browser', authorizationUrl: url });
    expect(screen.getByRole('status').textContent).toBe('Waiting for you to sign in in the browser…');
    const link = screen.getByTestId('sign-in-link');
    expect(link.textContent).toBe('Open the sign-in page');
    expect(link.getAttribute('href')).toBe(url);
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByRole('alert')).toBeNull();
    useBlockedSignInPages.getState().blocked('secure', url);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('blocked the sign-in tab'));
    fireEvent.click(screen.getByTestId('sign-in-cancel'));
    await waitFor(() => expect(stub.calls.map(c => c.method)).toEqual(['auth.cancel']));
  });

  it('signed in: who, scopes and expiry, and Sign out', async () => {
    const expiresAt = Date.UTC(2026, 11, 1, 18, 30, 5);
    const stub = show({ state: 'signed-in', user: 'dora', scopes: ['mcp'], expiresAt, issuer: 'http://127.0.0.1:4000' });
    expect(screen.getByTestId('auth-user').textContent).toBe('dora');
    expect(screen.getByTestId('auth-status').textContent).toContain('at 127.0.0.1:4000');
    expect(screen.getByTestId('auth-expires').dataset.expiresAt).toBe(String(expiresAt));
    fireEvent.click(screen.getByTestId('sign-out-button'));
    await waitFor(() => expect(stub.calls.map(c => c.method)).toEqual(['auth.signOut']));
  });

  it('failed: the error and Try again', () => {
    show({ state: 'failed', error: 'Sign-in cancelled' });
    expect(screen.getByRole('alert').textContent).toContain('Sign-in cancelled');
    expect(screen.getByTestId('sign-in-button').textContent).toBe('Try again');
  });
});
