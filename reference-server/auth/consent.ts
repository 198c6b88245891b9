// The consent page of the bundled authorization server: one server-rendered form (no script) that signs a user
// in and answers the authorization request. `GET /consent/<uid>` shows it; its POST carries `user` (the user
// name) and `decision` (`allow` or `deny`). With --auth-auto-approve the GET answers at once, as --auth-user.
// The request is identified by oidc-provider's interaction cookie, which a cross-site form post does not carry
// (SameSite=Lax), so another site cannot answer it for the user.
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { USER_NAME, type AuthOptions } from '../cli-args';
import { log } from '../log';
import { BASE_SCOPE, RESOURCE_SCOPES } from './vocabulary';

const MAX_FORM_BYTES = 8 * 1024;

const STYLE = 'body{font:16px system-ui,sans-serif;max-width:32em;margin:3em auto;padding:0 1em}'
  + 'label,input,button{font:inherit}input{margin:0 .5em}button{margin:1em .5em 0 0;padding:.3em 1.2em}'
  + 'code{background:#eee;padding:0 .2em}';
// Only this exact style may apply; no script, no other source, no framing.
const CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; frame-ancestors 'none'; base-uri 'none'`;

export interface ConsentSetup {
  provider: Provider;
  options: AuthOptions;
  /** The MCP endpoint: the resource granted when the request names none. */
  resource: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`);

function words(value: unknown): string[] {
  return typeof value === 'string' ? value.split(' ').filter(Boolean) : [];
}

function requestedResource(value: unknown, fallback: string): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return fallback;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > MAX_FORM_BYTES) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store', 'content-security-policy': CSP,
    'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff'
  }).end(body);
}

function page(action: string, clientName: string, scopes: string[], resource: string, user: string, error?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Sign in to the reference server</title><style>${STYLE}</style></head>
<body><h1>Sign in to the reference server</h1>
<p><strong>${escapeHtml(clientName)}</strong> asks for access to <code>${escapeHtml(resource)}</code>
with the scopes ${scopes.map(s => `<code>${escapeHtml(s)}</code>`).join(' ')}.</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label>User name <input name="user" value="${escapeHtml(user)}" required maxlength="64" pattern="[A-Za-z0-9._\\-]+" autocomplete="username"></label><br>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form></body></html>
`;
}

/**
 * What the user grants: every scope asked for (oidc-provider has already refused unknown ones), for the resource
 * as well as for the server itself (the resource's scopes are in both lists, provider.ts), the base scope when
 * none is asked for.
 */
async function approve(setup: ConsentSetup, params: Record<string, unknown>, user: string): Promise<InteractionResults> {
  const { provider } = setup;
  const asked = words(params.scope);
  const resourceScopes = asked.filter(s => (RESOURCE_SCOPES as readonly string[]).includes(s));
  const grant = new provider.Grant({ accountId: user, clientId: String(params.client_id) });
  if (asked.length) grant.addOIDCScope(asked.join(' '));
  grant.addResourceScope(requestedResource(params.resource, setup.resource), (resourceScopes.length ? resourceScopes : [BASE_SCOPE]).join(' '));
  const grantId = await grant.save();
  log(`auth: ${user} allowed ${String(params.client_id)} (${asked.join(' ') || 'no scope asked'})`);
  return { login: { accountId: user }, consent: { grantId } };
}

/** Serves `/consent/<uid>` (GET and POST). */
export async function handleConsent(setup: ConsentSetup, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { provider, options } = setup;
  let details;
  try {
    details = await provider.interactionDetails(req, res);
  } catch {
    send(res, 400, 'text/plain', 'This sign-in request has expired or was started in another browser. Start signing in again.\n');
    return;
  }
  const { params, uid } = details;
  const finish = (result: InteractionResults) => provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  if (req.method === 'GET' && options.autoApprove) return finish(await approve(setup, params, options.user));

  const action = `/consent/${uid}`;
  const client = await provider.Client.find(String(params.client_id));
  const clientName = client?.clientName ?? String(params.client_id);
  const scopes = words(params.scope);
  const resource = requestedResource(params.resource, setup.resource);
  const sessionUser = details.session?.accountId;
  if (req.method === 'GET') {
    send(res, 200, 'text/html', page(action, clientName, scopes, resource, sessionUser ?? options.user));
    return;
  }
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'GET, POST' }).end();
    return;
  }
  let form;
  try {
    form = await readForm(req);
  } catch {
    send(res, 413, 'text/plain', 'The form is too large.\n');
    return;
  }
  const decision = form.get('decision');
  if (decision === 'deny') {
    log(`auth: the user denied ${String(params.client_id)}`);
    return finish({ error: 'access_denied', error_description: 'The user did not allow access' });
  }
  const user = form.get('user')?.trim() ?? '';
  if (decision !== 'allow' || !USER_NAME.test(user)) {
    const error = decision !== 'allow' ? 'Choose Allow or Deny.' : 'A user name is 1 to 64 letters, digits, ".", "_" or "-".';
    send(res, 400, 'text/html', page(action, clientName, scopes, resource, user, error));
    return;
  }
  return finish(await approve(setup, params, user));
}
