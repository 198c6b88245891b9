// Headless callers (the CLI, the conformance client) sign in when a call needs it and try the call again:
// on `unauthorized` (sign-in required, or a 403 `insufficient_scope` step-up) the server is signed in and the
// call re-run, at most `maxSignIns` times, so a server that keeps refusing ends with its error instead of
// sending the user to the browser for ever. The app never does this: there the user decides.
import type { AuthStatus, ServerId } from '../../../shared/contract';
import { appErrorFrom } from '../errors';

const MAX_AUTOMATIC_SIGN_INS = 2;

export async function withSignIn<T>(
  auth: { signInAndWait(serverId: ServerId): Promise<AuthStatus> },
  serverId: ServerId,
  run: () => Promise<T>,
  maxSignIns = MAX_AUTOMATIC_SIGN_INS
): Promise<T> {
  for (let signIns = 0; ; signIns++) {
    try {
      return await run();
    } catch (err) {
      if (appErrorFrom(err).code !== 'unauthorized' || signIns >= maxSignIns) throw err;
      await auth.signInAndWait(serverId);
    }
  }
}
