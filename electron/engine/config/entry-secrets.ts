// Secrets in a server's config entry (header values, env values, an OAuth client secret) belong to the user's
// config file, not to the page: the page sees them redacted, and an edit that sends the redaction back keeps
// the stored value. A value that is only an `${env:NAME}` reference names no secret and is shown as it is.
import { REDACTED_SECRET, type ServerConfigEntry } from '../../../shared/contract';
import { appError } from '../errors';

const ONLY_ENV_REFERENCE = /^\$\{env:[A-Za-z_][A-Za-z0-9_]*\}$/;

function redactValues(values: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!values) return undefined;
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, ONLY_ENV_REFERENCE.test(value) ? value : REDACTED_SECRET]));
}

/** The entry as the page may see it. */
export function redactEntry(entry: ServerConfigEntry): ServerConfigEntry {
  if (!('url' in entry)) return entry.env ? { ...entry, env: redactValues(entry.env) } : entry;
  const secret = entry.oauth?.clientSecret;
  return {
    ...entry,
    ...(entry.headers && { headers: redactValues(entry.headers) }),
    ...(entry.oauth && secret !== undefined && !ONLY_ENV_REFERENCE.test(secret) && { oauth: { ...entry.oauth, clientSecret: REDACTED_SECRET } })
  };
}

function restoreValues(field: string, next: Record<string, string> | undefined, stored: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!next) return undefined;
  return Object.fromEntries(
    Object.entries(next).map(([key, value]) => {
      if (value !== REDACTED_SECRET) return [key, value];
      const kept = stored?.[key];
      if (kept === undefined) throw appError('invalid_params', `${field}.${key}: no stored value to keep; type the value`);
      return [key, kept];
    })
  );
}

/** `next` with every redaction replaced by the stored value under the same name; `disabled` stays as stored. */
export function withStoredSecrets(next: ServerConfigEntry, stored: ServerConfigEntry): ServerConfigEntry {
  const disabled = stored.disabled ? { disabled: true } : {};
  const { disabled: _ignored, ...rest } = next;
  if (!('url' in rest)) {
    const storedEnv = 'url' in stored ? undefined : stored.env;
    return { ...rest, ...(rest.env && { env: restoreValues('env', rest.env, storedEnv) }), ...disabled };
  }
  const storedHttp = 'url' in stored ? stored : undefined;
  const secret = rest.oauth?.clientSecret;
  let clientSecret = secret;
  if (secret === REDACTED_SECRET) {
    clientSecret = storedHttp?.oauth?.clientSecret;
    if (clientSecret === undefined) throw appError('invalid_params', 'oauth.clientSecret: no stored value to keep; type the value');
  }
  return {
    ...rest,
    ...(rest.headers && { headers: restoreValues('headers', rest.headers, storedHttp?.headers) }),
    ...(rest.oauth && clientSecret !== undefined && { oauth: { ...rest.oauth, clientSecret } }),
    ...disabled
  };
}
