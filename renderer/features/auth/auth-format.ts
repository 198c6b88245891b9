// Sign-in in words: what a running flow waits on, what each recorded step was, and when a token expires.
import type { AuthFlowStep, AuthFlowStepKind, AuthStep } from '../../../shared/contract';

export const stepLabels: Record<AuthStep, string> = {
  discovering: 'Finding the authorization server…',
  registering: 'Registering this app with the authorization server…',
  'awaiting-browser': 'Waiting for you to sign in in the browser…',
  'exchanging-code': 'Exchanging the sign-in code for tokens…',
  refreshing: 'Refreshing the token…'
};

export const flowStepLabels: Record<AuthFlowStepKind, string> = {
  challenge: 'MCP request refused (challenge)',
  'protected-resource-metadata': 'Protected Resource Metadata (RFC 9728)',
  'authorization-server-metadata': 'Authorization server metadata (RFC 8414)',
  registration: 'Client registration (RFC 7591)',
  authorization: 'Authorization request (browser)',
  callback: 'Redirect back to the app',
  token: 'Token request (code + PKCE verifier)',
  refresh: 'Token refresh',
  revocation: 'Token revocation (RFC 7009)',
  other: 'Other'
};

export const outcomeLabels: Record<AuthFlowStep['outcome'], string> = {
  ok: 'ok',
  'not-found': 'not found (next tried)',
  error: 'failed',
  waiting: 'waiting'
};

export const registrationLabels = {
  config: 'client id from the server config',
  'metadata-document': 'Client ID Metadata Document',
  dynamic: 'Dynamic Client Registration (RFC 7591)'
} as const;

export function clockTime(at: number): string {
  return new Date(at).toLocaleTimeString('en-GB', { hour12: false });
}
