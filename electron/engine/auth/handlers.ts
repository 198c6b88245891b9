// The contract's sign-in methods (shared/contract/auth.ts).
import type { HandlerMap } from '../handlers';
import type { AuthService } from './auth-service';

export function authHandlers(auth: AuthService): HandlerMap<'auth.signIn' | 'auth.cancel' | 'auth.signOut' | 'auth.details'> {
  return {
    'auth.signIn': ({ serverId }) => auth.signIn(serverId),
    'auth.cancel': async ({ serverId }) => ({ cancelled: auth.cancel(serverId) }),
    'auth.signOut': ({ serverId }) => auth.signOut(serverId),
    'auth.details': async ({ serverId }) => auth.details(serverId)
  };
}
