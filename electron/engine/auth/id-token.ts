// Who signed in, for the status line ("signed in as …"): read from the ID token's claims when the
// authorization server sent one (OpenID Connect). Display only: the signature is not checked, so nothing
// is decided on it except which cache partition is the user's (a forged name only splits the cache).

export interface SignedInIdentity {
  user?: string;
  subject?: string;
}

const claim = (claims: Record<string, unknown>, name: string) => (typeof claims[name] === 'string' && claims[name] !== '' ? (claims[name] as string) : undefined);

export function identityOf(idToken: string | undefined): SignedInIdentity {
  const payload = idToken?.split('.')[1];
  if (!payload) return {};
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return {};
  }
  if (typeof claims !== 'object' || claims === null) return {};
  const record = claims as Record<string, unknown>;
  const subject = claim(record, 'sub');
  const user = claim(record, 'preferred_username') ?? claim(record, 'email') ?? claim(record, 'name') ?? subject;
  return { ...(user && { user: user.slice(0, 200) }), ...(subject && { subject }) };
}
