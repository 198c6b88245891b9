// The templates panel: pick a connected server, see its resource templates (every page), open one to fill in.
import { useEffect } from 'react';
import type { ServerState } from '../../../shared/contract';
import { annotationView } from '../../../shared/annotations';
import { serverScopedKey } from '../../../shared/resource-key';
import { callErrorOf } from '../../api/call-error';
import { useServers } from '../../queries/use-servers';
import { AnnotationBadges } from '../annotations/AnnotationBadges';
import { TemplateForm } from './TemplateForm';
import { useTemplatesStore } from './templates-store';
import { useTemplates } from './use-templates';
import './templates.css';

function hasResources(server: ServerState): boolean {
  return server.status === 'connected' && Boolean(server.capabilities?.resources);
}

export function TemplatesPanel() {
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
          Server{' '}
          <select value={server?.id ?? ''} onChange={e => selectServer(e.target.value || null)} aria-label="Server whose templates are shown">
            {candidates.length === 0 && <option value="">no connected server</option>}
            {candidates.map(s => (
              <option key={s.id} value={s.id}>
                {s.id}
              </option>
            ))}
          </select>
        </label>
        {templates.isError && (
          <div role="alert" data-testid="error-banner" data-code={callErrorOf(templates.error).code} className="error-banner">
            Templates could not be listed: {callErrorOf(templates.error).message}
            <button type="button" onClick={() => void templates.refetch()}>
              Retry
            </button>
          </div>
        )}
        <ul data-testid="template-list" className="template-list" aria-label="Resource templates" aria-busy={templates.isFetching}>
          {items.map(t => {
            const selected = t === open;
            return (
              <li key={t.uriTemplate} data-testid="template-item" data-uri-template={t.uriTemplate}>
                <button type="button" aria-pressed={selected} className={selected ? 'template-item template-item--open' : 'template-item'} onClick={() => openTemplate(t.serverId, t.uriTemplate)}>
                  <span className="template-name">{t.title ?? t.name}</span>
                  <code className="template-uri">{t.uriTemplate}</code>
                  <AnnotationBadges view={annotationView(t.annotations, t.invalidAnnotations)} />
                </button>
              </li>
            );
          })}
        </ul>
        {templates.isSuccess && items.length === 0 && <p className="template-hint">This server has no resource templates.</p>}
        {templates.data && (
          <p className="template-hint">
            {items.length} template{items.length === 1 ? '' : 's'} · {templates.data.pages} page{templates.data.pages === 1 ? '' : 's'}
            {server?.capabilities?.completions ? ' · completion available' : ' · no completion on this server'}
          </p>
        )}
      </div>
      <div className="templates-main">
        {open ? (
          <TemplateForm key={openKey} template={open} completions={Boolean(server?.capabilities?.completions)} />
        ) : (
          <p className="template-hint">Choose a template to fill in its variables.</p>
        )}
      </div>
    </div>
  );
}
