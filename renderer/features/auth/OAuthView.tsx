// The OAuth view of a URL server (Server details): for a server developer debugging their authorization setup,
// the challenge the server answered with, the metadata discovered from it (with the fields that matter
// picked out and checked), the client registration used, and each step of the last flow with its request and
// outcome. Everything comes from `auth.details`, where the engine has already redacted the secrets.
import { Check, X } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import type { AuthDetails, AuthFlowStep } from '../../../shared/contract';
import { prettyJson } from '../protocol-log/log-format';
import { oauthChecks } from './oauth-checks';
import { withHiddenMarked } from '../../../shared/hidden-characters';

const flowColumns = ['time', 'step', 'request', 'status', 'outcome', 'detail'] as const;
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

/** The challenge's header, shown as the protocol spells it. */
const CHALLENGE_HEADER = 'WWW-Authenticate: Bearer';

/** One `name=value` parameter of the challenge header, when the server sent it. */
function HeaderParam({ name, value }: { name: string; value: string | undefined }) {
  if (!value) return null;
  return (
    <>
      {' '}
      {name}=<code>{withHiddenMarked(value)}</code>
    </>
  );
}

function FieldValue({ value }: { value: unknown }) {
  const { t } = useTranslation('auth');
  return <code>{typeof value === 'boolean' ? (value ? t('oauth.yes') : t('oauth.no')) : fieldValue(value)}</code>;
}

function fieldValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

function MetadataDocument({ title, testId, url, document, fields }: { title: string; testId: string; url?: string; document?: Record<string, unknown>; fields: string[] }) {
  const { t } = useTranslation('auth');
  return (
    <section aria-label={title} data-testid={testId} data-found={document ? 'true' : 'false'}>
      <h4>{title}</h4>
      {!document ? (
        <p className="details-muted">{t('oauth.notDiscovered')}</p>
      ) : (
        <>
          {url && (
            <p>
              <Trans t={t} i18nKey="oauth.from" values={{ url }} components={{ code: <code /> }} />
            </p>
          )}
          <dl className="details-grid">
            {fields.map(field => (
              <div key={field} className="oauth-field" data-field={field}>
                <dt>
                  <code>{field}</code>
                </dt>
                <dd>{field in document ? <FieldValue value={document[field]} /> : <span className="details-muted">{t('oauth.absent')}</span>}</dd>
              </div>
            ))}
          </dl>
          <details>
            <summary>{t('oauth.wholeDocument')}</summary>
            <pre className="details-pre">{prettyJson(document)}</pre>
          </details>
        </>
      )}
    </section>
  );
}

function FlowTable({ steps }: { steps: AuthFlowStep[] }) {
  const { t } = useTranslation('auth');
  if (steps.length === 0) return <p className="details-muted">{t('flow.none')}</p>;
  return (
    <div className="oauth-flow-scroll">
      <table className="oauth-flow" data-testid="oauth-flow">
        <caption className="visually-hidden">{t('flow.caption')}</caption>
        <thead>
          <tr>
            {flowColumns.map(column => (
              <th key={column} scope="col">
                {t(`flow.column.${column}`)}
              </th>
            ))}
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
              <td>{t('time', { at: step.at })}</td>
              <td>{t(`flow.kind.${step.kind}`)}</td>
              <td className="oauth-url">
                {step.method && <strong>{step.method} </strong>}
                <code>{withHiddenMarked(step.url)}</code>
              </td>
              <td>{step.status ?? '—'}</td>
              <td>{t(`flow.outcome.${step.outcome}`)}</td>
              <td>
                {step.detail && withHiddenMarked(step.detail)}
                {step.durationMs !== undefined && <span className="details-muted">{t('flow.duration', { ms: step.durationMs })}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function OAuthView({ details, serverUrl }: { details: AuthDetails; serverUrl: string }) {
  const { t } = useTranslation('auth');
  const { status, challenge, client } = details;
  const checks = oauthChecks(details, serverUrl, t);
  return (
    <section className="oauth-view" aria-label={t('oauth.heading')} data-testid="oauth-view" data-auth-state={status.state}>
      <h4>{t('oauth.heading')}</h4>
      <dl className="details-grid">
        <dt>{t('oauth.signIn')}</dt>
        <dd data-testid="oauth-status">
          {t(`state.${status.state}`)}
          {status.step && t('oauth.step', { step: status.step })}
          {status.user && t('oauth.user', { user: withHiddenMarked(status.user) })}
          {status.scopes?.length ? t('oauth.scopes', { scopes: withHiddenMarked(status.scopes.join(' ')) }) : null}
          {status.expiresAt !== undefined && t('oauth.expires', { at: status.expiresAt })}
          {status.error && t('oauth.error', { error: withHiddenMarked(status.error) })}
        </dd>
        <dt>{t('oauth.lastChallenge')}</dt>
        <dd data-testid="oauth-challenge">
          {challenge ? (
            <>
              HTTP {challenge.status} · <code>{CHALLENGE_HEADER}</code>
              <HeaderParam name="error" value={challenge.error} />
              <HeaderParam name="scope" value={challenge.scope} />
              <HeaderParam name="resource_metadata" value={challenge.resourceMetadata} />
              {challenge.errorDescription && <span className="details-muted"> ({withHiddenMarked(challenge.errorDescription)})</span>}
            </>
          ) : (
            <span className="details-muted">{t('oauth.noChallenge')}</span>
          )}
        </dd>
        <dt>{t('oauth.resource')}</dt>
        <dd>{details.resource ? <code>{withHiddenMarked(details.resource)}</code> : <span className="details-muted">{t('oauth.unknown')}</span>}</dd>
        <dt>{t('oauth.client')}</dt>
        <dd data-testid="oauth-client" data-registration={client?.registration ?? ''}>
          {client ? (
            <>
              <code>{withHiddenMarked(client.clientId)}</code> · {t(`registration.${client.registration}`)} · {client.hasSecret ? t('oauth.confidential') : t('oauth.publicClient')}
            </>
          ) : (
            <span className="details-muted">{t('oauth.notRegistered')}</span>
          )}
        </dd>
        <dt>{t('oauth.redirectUri')}</dt>
        <dd>{details.redirectUri ? <code>{details.redirectUri}</code> : <span className="details-muted">{t('oauth.noneYet')}</span>}</dd>
        <dt>{t('oauth.signOut')}</dt>
        <dd>{details.revocationSupported ? t('oauth.revokes') : t('oauth.forgets')}</dd>
      </dl>
      {checks.length > 0 && (
        <ul className="oauth-checks" data-testid="oauth-checks" aria-label={t('oauth.checks')}>
          {checks.map(check => (
            <li key={check.id} data-testid="oauth-check" data-check={check.id} data-ok={check.ok ? 'true' : 'false'} className={check.ok ? 'oauth-check--ok' : 'oauth-check--bad'}>
              {check.ok ? <Check /> : <X />} <span className="visually-hidden">{check.ok ? t('oauth.passes') : t('oauth.fails')}</span> {check.text}
            </li>
          ))}
        </ul>
      )}
      <section aria-label={t('flow.label')}>
        <h4>{t('flow.heading')}</h4>
        <FlowTable steps={details.flow} />
      </section>
      <div className="oauth-documents">
        <MetadataDocument
          title={t('oauth.prm')}
          testId="oauth-resource-metadata"
          {...(details.resourceMetadataUrl && { url: details.resourceMetadataUrl })}
          {...(details.protectedResourceMetadata && { document: details.protectedResourceMetadata })}
          fields={PRM_FIELDS}
        />
        <MetadataDocument
          title={t('oauth.asMetadata')}
          testId="oauth-as-metadata"
          {...(details.authorizationServerMetadata && { document: details.authorizationServerMetadata })}
          fields={AS_FIELDS}
        />
      </div>
    </section>
  );
}
