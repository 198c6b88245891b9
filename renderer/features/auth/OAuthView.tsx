// The OAuth view of a URL server (Server details): for a server developer debugging their authorization setup,
// the challenge the server answered with, the metadata discovered from it (with the fields that matter
// picked out and checked), the client registration used, and each step of the last flow with its request and
// outcome. Everything comes from `auth.details`, where the engine has already redacted the secrets.
import { Check, X } from 'lucide-react';
import type { AuthDetails, AuthFlowStep } from '../../../shared/contract';
import { prettyJson } from '../protocol-log/log-format';
import { clockTime, flowStepLabels, outcomeLabels, registrationLabels } from './auth-format';
import { oauthChecks } from './oauth-checks';

const PRM_FIELDS = ['resource', 'authorization_servers', 'scopes_supported', 'bearer_methods_supported', 'resource_name'];
const AS_FIELDS = [
  'issuer',
  'authorization_endpoint',
  'token_endpoint',
  'registration_endpoint',
  'revocation_endpoint',
  'code_challenge_methods_supported',
  'grant_types_supported',
  'scopes_supported',
  'client_id_metadata_document_supported'
];

function fieldValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

function MetadataDocument({ title, testId, url, document, fields }: { title: string; testId: string; url?: string; document?: Record<string, unknown>; fields: string[] }) {
  return (
    <section aria-label={title} data-testid={testId} data-found={document ? 'true' : 'false'}>
      <h4>{title}</h4>
      {!document ? (
        <p className="details-muted">Not discovered yet.</p>
      ) : (
        <>
          {url && (
            <p>
              from <code>{url}</code>
            </p>
          )}
          <dl className="details-grid">
            {fields.map(field => (
              <div key={field} className="oauth-field" data-field={field}>
                <dt>
                  <code>{field}</code>
                </dt>
                <dd>{field in document ? <code>{fieldValue(document[field])}</code> : <span className="details-muted">absent</span>}</dd>
              </div>
            ))}
          </dl>
          <details>
            <summary>Whole document</summary>
            <pre className="details-pre">{prettyJson(document)}</pre>
          </details>
        </>
      )}
    </section>
  );
}

function FlowTable({ steps }: { steps: AuthFlowStep[] }) {
  if (steps.length === 0) return <p className="details-muted">No sign-in has run since the app started.</p>;
  return (
    <div className="oauth-flow-scroll">
      <table className="oauth-flow" data-testid="oauth-flow">
        <caption className="visually-hidden">Steps of the last sign-in flow, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Step</th>
            <th scope="col">Request</th>
            <th scope="col">Status</th>
            <th scope="col">Outcome</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step, i) => (
            <tr
              key={`${step.at}-${i}`}
              data-testid="oauth-flow-step"
              data-kind={step.kind}
              data-method={step.method ?? ''}
              data-status={step.status ?? ''}
              data-outcome={step.outcome}
              className={`oauth-step oauth-step--${step.outcome}`}
            >
              <td>{clockTime(step.at)}</td>
              <td>{flowStepLabels[step.kind]}</td>
              <td className="oauth-url">
                {step.method && <strong>{step.method} </strong>}
                <code>{step.url}</code>
              </td>
              <td>{step.status ?? '—'}</td>
              <td>{outcomeLabels[step.outcome]}</td>
              <td>
                {step.detail}
                {step.durationMs !== undefined && <span className="details-muted"> ({step.durationMs} ms)</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function OAuthView({ details, serverUrl }: { details: AuthDetails; serverUrl: string }) {
  const { status, challenge, client } = details;
  const checks = oauthChecks(details, serverUrl);
  return (
    <section className="oauth-view" aria-label="OAuth" data-testid="oauth-view" data-auth-state={status.state}>
      <h4>OAuth</h4>
      <dl className="details-grid">
        <dt>Sign-in</dt>
        <dd data-testid="oauth-status">
          {status.state}
          {status.step && <> ({status.step})</>}
          {status.user && <> as {status.user}</>}
          {status.scopes?.length ? <> · scopes {status.scopes.join(' ')}</> : null}
          {status.expiresAt !== undefined && <> · token expires {clockTime(status.expiresAt)}</>}
          {status.error && <> · {status.error}</>}
        </dd>
        <dt>Last challenge</dt>
        <dd data-testid="oauth-challenge">
          {challenge ? (
            <>
              HTTP {challenge.status} · <code>WWW-Authenticate: Bearer</code>
              {challenge.error && <> error=<code>{challenge.error}</code></>}
              {challenge.scope && <> scope=<code>{challenge.scope}</code></>}
              {challenge.resourceMetadata && <> resource_metadata=<code>{challenge.resourceMetadata}</code></>}
              {challenge.errorDescription && <span className="details-muted"> ({challenge.errorDescription})</span>}
            </>
          ) : (
            <span className="details-muted">none: the server has not refused a request</span>
          )}
        </dd>
        <dt>Resource (RFC 8707)</dt>
        <dd>{details.resource ? <code>{details.resource}</code> : <span className="details-muted">unknown</span>}</dd>
        <dt>Client</dt>
        <dd data-testid="oauth-client" data-registration={client?.registration ?? ''}>
          {client ? (
            <>
              <code>{client.clientId}</code> · {registrationLabels[client.registration]} · {client.hasSecret ? 'confidential (a secret is used, not shown)' : 'public (no secret)'}
            </>
          ) : (
            <span className="details-muted">not registered yet</span>
          )}
        </dd>
        <dt>Redirect URI</dt>
        <dd>{details.redirectUri ? <code>{details.redirectUri}</code> : <span className="details-muted">none yet</span>}</dd>
        <dt>Sign-out</dt>
        <dd>{details.revocationSupported ? 'revokes the tokens at the authorization server (RFC 7009)' : 'forgets the tokens here (the server offers no revocation)'}</dd>
      </dl>
      {checks.length > 0 && (
        <ul className="oauth-checks" data-testid="oauth-checks" aria-label="Checks">
          {checks.map(check => (
            <li key={check.id} data-testid="oauth-check" data-check={check.id} data-ok={check.ok ? 'true' : 'false'} className={check.ok ? 'oauth-check--ok' : 'oauth-check--bad'}>
              {check.ok ? <Check /> : <X />} <span className="visually-hidden">{check.ok ? 'Passes:' : 'Fails:'}</span> {check.text}
            </li>
          ))}
        </ul>
      )}
      <section aria-label="Last sign-in flow">
        <h4>Last flow</h4>
        <FlowTable steps={details.flow} />
      </section>
      <div className="oauth-documents">
        <MetadataDocument
          title="Protected Resource Metadata"
          testId="oauth-resource-metadata"
          {...(details.resourceMetadataUrl && { url: details.resourceMetadataUrl })}
          {...(details.protectedResourceMetadata && { document: details.protectedResourceMetadata })}
          fields={PRM_FIELDS}
        />
        <MetadataDocument
          title="Authorization server metadata"
          testId="oauth-as-metadata"
          {...(details.authorizationServerMetadata && { document: details.authorizationServerMetadata })}
          fields={AS_FIELDS}
        />
      </div>
    </section>
  );
}
