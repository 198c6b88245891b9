// The sign-in part of a URL server's card: what the server needs, what a running flow waits on, who is signed
// in, and the one action that fits (Sign in, Cancel, Sign out, Try again). Hidden while the server never asked.
import type { AuthStatus, ServerId } from '../../../shared/contract';
import './auth.css';
import { clockTime, stepLabels } from './auth-format';
import { useBlockedSignInPages } from './sign-in-tabs';
import { useCancelSignIn, useSignIn, useSignOut } from './use-auth';

function SignInPageLink({ url, blocked }: { url: string; blocked: boolean }) {
  return (
    <p className={blocked ? 'auth-blocked' : 'auth-note'} role={blocked ? 'alert' : undefined}>
      {blocked ? 'Your browser blocked the sign-in tab. ' : 'The sign-in page did not open? '}
      <a data-testid="sign-in-link" href={url} target="_blank" rel="noopener noreferrer">
        Open the sign-in page
      </a>
    </p>
  );
}

function Scopes({ scopes, label }: { scopes: string[] | undefined; label: string }) {
  if (!scopes?.length) return null;
  return (
    <span data-testid="auth-scopes" data-scopes={scopes.join(' ')}>
      {label}{' '}
      {scopes.map(s => (
        <code key={s} className="auth-scope">
          {s}
        </code>
      ))}
    </span>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function ServerAuth({ serverId, auth }: { serverId: ServerId; auth: AuthStatus }) {
  const signIn = useSignIn(serverId);
  const cancel = useCancelSignIn(serverId);
  const signOut = useSignOut(serverId);
  const blockedUrl = useBlockedSignInPages(s => s.urls[serverId]);
  if (auth.state === 'none') return null;
  const signInButton = (label: string) => (
    <button type="button" data-testid="sign-in-button" onClick={() => signIn.mutate()} disabled={signIn.isPending}>
      {label}
    </button>
  );
  return (
    <div
      className={`server-auth server-auth--${auth.state}`}
      data-testid="auth-status"
      data-auth-state={auth.state}
      data-auth-step={auth.step}
      role="group"
      aria-label={`Sign-in to ${serverId}`}
    >
      {auth.state === 'required' && (
        <>
          <p>
            <strong>Sign-in required.</strong> {auth.error && <span data-testid="auth-error">{auth.error}</span>}{' '}
            <Scopes scopes={auth.scopes} label="Asks for" />
          </p>
          {signInButton('Sign in')}
        </>
      )}
      {auth.state === 'pending' && (
        <>
          <p role="status">{auth.step ? stepLabels[auth.step] : 'Signing in…'}</p>
          {auth.step === 'awaiting-browser' && auth.authorizationUrl && (
            <SignInPageLink url={auth.authorizationUrl} blocked={blockedUrl === auth.authorizationUrl} />
          )}
          <button type="button" data-testid="sign-in-cancel" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
            Cancel
          </button>
        </>
      )}
      {auth.state === 'signed-in' && (
        <>
          <p>
            Signed in{' '}
            {auth.user ? (
              <>
                as <strong data-testid="auth-user">{auth.user}</strong>
              </>
            ) : (
              <span className="auth-note">(the server did not say who)</span>
            )}
            {auth.issuer && <span className="auth-note"> at {hostOf(auth.issuer)}</span>}
          </p>
          <p className="auth-facts">
            <Scopes scopes={auth.scopes} label="Scopes" />
            {auth.expiresAt !== undefined && (
              <span data-testid="auth-expires" data-expires-at={auth.expiresAt}>
                Token expires {clockTime(auth.expiresAt)} (renewed before)
              </span>
            )}
          </p>
          <button type="button" data-testid="sign-out-button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Sign out
          </button>
        </>
      )}
      {auth.state === 'failed' && (
        <>
          <p role="alert">
            <strong>Sign-in failed:</strong> <span data-testid="auth-error">{auth.error ?? 'no reason given'}</span>
          </p>
          {signInButton('Try again')}
        </>
      )}
    </div>
  );
}
