// The templates panel: pick a connected server, see its resource templates (every page), open one to fill in.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerState } from '../../../shared/contract';
import { annotationView } from '../../../shared/annotations';
import { serverScopedKey } from '../../../shared/resource-key';
import { callErrorOf } from '../../api/call-error';
import { useServers } from '../../queries/use-servers';
import { AnnotationBadges } from '../annotations/AnnotationBadges';
import { SavedTemplates } from './SavedTemplates';
import { TemplateForm } from './TemplateForm';
import { useTemplatesStore } from './templates-store';
import { useTemplates } from './use-templates';
import './templates.css';
import { ServerText } from '../server-text/ServerText';

function hasResources(server: ServerState): boolean {
  return server.status === 'connected' && Boolean(server.capabilities?.resources);
}

export function TemplatesPanel() {
  const { t } = useTranslation('templates');
  const servers = useServers();
  const serverId = useTemplatesStore(s => s.serverId);
  const selectServer = useTemplatesStore(s => s.selectServer);
  const openKey = useTemplatesStore(s => s.openKey);
  const openTemplate = useTemplatesStore(s => s.openTemplate);
  const candidates = (servers.data ?? []).filter(hasResources);
  const server = candidates.find(s => s.id === serverId);
  const templates = useTemplates(server ? server.id : null);

  useEffect(() => {
    if (!server && candidates.length > 0) selectServer(candidates[0].id);
  }, [server, candidates, selectServer]);

  const items = templates.data?.items ?? [];
  const open = items.find(t => serverScopedKey(t.serverId, t.uriTemplate) === openKey);

  return (
    <div className="templates-panel">
      <div className="templates-side">
        <label className="templates-server">
          {t('server')}{' '}
          <select value={server?.id ?? ''} onChange={e => selectServer(e.target.value || null)} aria-label={t('serverLabel')}>
            {candidates.length === 0 && <option value="">{t('noServer')}</option>}
            {candidates.map(s => (
              <option key={s.id} value={s.id}>
                {s.id}
              </option>
            ))}
          </select>
        </label>
        {templates.isError && (
          <div role="alert" data-testid="error-banner" data-code={callErrorOf(templates.error).code} className="error-banner">
            {t('listFailed', { message: callErrorOf(templates.error).message })}
            <button type="button" onClick={() => void templates.refetch()}>
              {t('retry')}
            </button>
          </div>
        )}
        <ul data-testid="template-list" className="template-list" aria-label={t('listLabel')} aria-busy={templates.isFetching}>
          {items.map(template => {
            const selected = template === open;
            return (
              <li key={template.uriTemplate} data-testid="template-item" data-uri-template={template.uriTemplate}>
                <button type="button" aria-pressed={selected} className={selected ? 'template-item template-item--open' : 'template-item'} onClick={() => openTemplate(template.serverId, template.uriTemplate)}>
                  <span className="template-name">
                    <ServerText text={template.title ?? template.name} />
                  </span>
                  <code className="template-uri">
                    <ServerText text={template.uriTemplate} />
                  </code>
                  <AnnotationBadges view={annotationView(template.annotations, template.invalidAnnotations)} />
                </button>
              </li>
            );
          })}
        </ul>
        {templates.isSuccess && items.length === 0 && <p className="template-hint">{t('none')}</p>}
        {templates.data && (
          <p className="template-hint">
            {t('summary', {
              templates: t('templateCount', { count: items.length }),
              pages: t('pageCount', { count: templates.data.pages }),
              completion: server?.capabilities?.completions ? t('completionAvailable') : t('noCompletion')
            })}
          </p>
        )}
        {server && <SavedTemplates serverId={server.id} templates={items} />}
      </div>
      <div className="templates-main">
        {open ? (
          <TemplateForm key={openKey} template={open} completions={Boolean(server?.capabilities?.completions)} />
        ) : (
          <p className="template-hint">{t('choose')}</p>
        )}
      </div>
    </div>
  );
}
