// What is secret in OAuth traffic, and copies with it hidden, for everything the user can see: the OAuth
// view's flow steps and the protocol log. Tokens, codes and verifiers never leave the engine in clear.
import { REDACTED_SECRET } from '../../../shared/contract/server-config';

/**
 * JSON fields that carry a credential or a one-time secret (an `Authorization` header among them). Only string
 * values are hidden: a JSON-RPC error's numeric `code` is not a secret.
 */
const SECRET_FIELDS: ReadonlySet<string> = new Set(['access_token', 'refresh_token', 'id_token', 'code', 'code_verifier', 'client_secret', 'authorization']);

/** The same names as written in frames and headers, for a case-sensitive lookup on a hot path (the protocol log's walk). */
export const SECRET_FIELD_SPELLINGS: ReadonlySet<string> = new Set([...SECRET_FIELDS, 'Authorization', 'AUTHORIZATION']);

/** Query parameters hidden in URLs shown to the user: the fields above, the CSRF `state` and RFC 7009's `token`. */
const SECRET_QUERY_PARAMS: ReadonlySet<string> = new Set([...SECRET_FIELDS, 'state', 'token']);

const REDACTED = REDACTED_SECRET;

function isSecretKey(key: string): boolean {
  return SECRET_FIELDS.has(key.toLowerCase());
}

/** The URL with every secret query value (and any userinfo) replaced; text that is not a URL is returned as is. */
export function redactUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text;
  }
  if (url.username || url.password) {
    url.username = '';
    url.password = '';
  }
  for (const key of [...url.searchParams.keys()]) if (SECRET_QUERY_PARAMS.has(key.toLowerCase())) url.searchParams.set(key, REDACTED);
  return url.toString();
}

/** A copy of `value` with the string value of every secret field replaced. */
export function redactSecrets<T>(value: T, maxDepth = 64): T {
  if (typeof value !== 'object' || value === null || maxDepth <= 0) return value;
  if (Array.isArray(value)) return value.map(item => redactSecrets(item, maxDepth - 1)) as T;
  const copy: Record<string, unknown> = {};
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    copy[key] = isSecretKey(key) && typeof item === 'string' ? REDACTED : redactSecrets(item, maxDepth - 1);
  }
  return copy as T;
}
