// The sign-in part of a URL server's card: what the server needs, what a running flow waits on, who is signed
// in, and the one action that fits (Sign in, Cancel, Sign out, Try again). Hidden while the server never asked.
import { Trans, useTranslation } from 'react-i18next';
import type { AuthStatus, ServerId } from '../../../shared/contract';
import './auth.css';
import { useBlockedSignInPages } from './sign-in-tabs';
import { useCancelSignIn, useSignIn, useSignOut } from './use-auth';
import { messageWithHiddenMarked, withHiddenMarked } from '../../../shared/hidden-characters';

function SignInPageLink({ url, blocked }: { url: string; blocked: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <p className={blocked ? 'auth-blocked' : 'auth-note'} role={blocked ? 'alert' : undefined}>
      <Trans
        t={t}
        i18nKey={blocked ? 'status.blocked' : 'status.didNotOpen'}
        // Not <link>: i18next's markup parser knows <link> as an empty HTML element and would drop the words.
        components={{ open: <a data-testid="sign-in-link" href={url} target="_blank" rel="noopener noreferrer" /> }}
      />
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
          {withHiddenMarked(s)}
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
  const { t } = useTranslation('auth');
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
      aria-label={t('status.label', { server: serverId })}
    >
      {auth.state === 'required' && (
        <>
          <p>
            <strong>{t('status.required')}</strong> {auth.error && <span data-testid="auth-error" className="auth-error">{messageWithHiddenMarked(auth.error)}</span>}{' '}
            <Scopes scopes={auth.scopes} label={t('status.asksFor')} />
          </p>
          {signInButton(t('status.signIn'))}
        </>
      )}
      {auth.state === 'pending' && (
        <>
          <p role="status">{auth.step ? t(`step.${auth.step}`) : t('status.signingIn')}</p>
          {auth.step === 'awaiting-browser' && auth.authorizationUrl && (
            <SignInPageLink url={auth.authorizationUrl} blocked={blockedUrl === auth.authorizationUrl} />
          )}
          <button type="button" data-testid="sign-in-cancel" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
            {t('status.cancel')}
          </button>
        </>
      )}
      {auth.state === 'signed-in' && (
        <>
          <p>
            {auth.user ? (
              <Trans t={t} i18nKey="status.signedInAs" values={{ user: withHiddenMarked(auth.user) }} components={{ user: <strong data-testid="auth-user" /> }} />
            ) : (
              <Trans t={t} i18nKey="status.signedInAnonymous" components={{ note: <span className="auth-note" /> }} />
            )}
            {auth.issuer && <span className="auth-note">{t('status.atIssuer', { host: hostOf(auth.issuer) })}</span>}
          </p>
          <p className="auth-facts">
            <Scopes scopes={auth.scopes} label={t('status.scopes')} />
            {auth.expiresAt !== undefined && (
              <span data-testid="auth-expires" data-expires-at={auth.expiresAt}>
                {t('status.expires', { at: auth.expiresAt })}
              </span>
            )}
          </p>
          <button type="button" data-testid="sign-out-button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            {t('status.signOut')}
          </button>
        </>
      )}
      {auth.state === 'failed' && (
        <>
          <p role="alert">
            <Trans
              t={t}
              i18nKey="status.failed"
              values={{ error: auth.error ? messageWithHiddenMarked(auth.error) : t('status.noReason') }}
              components={{ strong: <strong />, error: <span data-testid="auth-error" className="auth-error" /> }}
            />
          </p>
          {signInButton(t('status.tryAgain'))}
        </>
      )}
    </div>
  );
}
