// The server's saved filled-in templates (`saved-template-item`): Run expands the saved values and opens the
// URI; Fill in puts them back into the template's form to change them first; Delete forgets them.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ServerId, TemplateItem } from '../../../shared/contract';
import { serverScopedKey } from '../../../shared/resource-key';
import { expandTemplate, parseTemplate } from '../../../shared/templates';
import { useUiStore } from '../../state/ui-store';
import { toTemplateValues } from './argument-values';
import { useSavedTemplatesStore, type SavedTemplate } from './saved-templates-store';
import { problemMessage } from './template-messages';
import { useTemplatesStore } from './templates-store';
import { ServerText } from '../server-text/ServerText';
import { withHiddenMarked } from '../../../shared/hidden-characters';

/** The URI the saved values expand to, or why they do not. */
function expandSaved(entry: SavedTemplate, t: TFunction<'templates'>): { ok: true; uri: string } | { ok: false; message: string } {
  const expansion = expandTemplate(parseTemplate(entry.uriTemplate), toTemplateValues(entry.inputs));
  return expansion.ok ? { ok: true, uri: expansion.uri } : { ok: false, message: expansion.problems.map(p => problemMessage(p, t)).join(t('usage.separator')) };
}

export function SavedTemplates({ serverId, templates }: { serverId: ServerId; templates: readonly TemplateItem[] }) {
  const { t } = useTranslation('templates');
  const all = useSavedTemplatesStore(s => s.saved);
  const remove = useSavedTemplatesStore(s => s.remove);
  const openTemplate = useTemplatesStore(s => s.openTemplate);
  const setInputs = useTemplatesStore(s => s.setInputs);
  const open = useUiStore(s => s.open);
  const saved = all.filter(s => s.serverId === serverId);
  if (saved.length === 0) return null;
  return (
    <section className="saved-templates" aria-label={t('saved.label')}>
      <h3 className="saved-templates-title">{t('saved.title')}</h3>
      <ul className="saved-template-list">
        {saved.map(entry => {
          const template = templates.find(x => x.uriTemplate === entry.uriTemplate);
          const expansion = expandSaved(entry, t);
          return (
            <li key={`${entry.uriTemplate}\u0000${entry.name}`} className="saved-template" data-testid="saved-template-item" data-name={entry.name} data-uri-template={entry.uriTemplate}>
              <span className="saved-template-name">{entry.name}</span>
              <code className="template-uri" title={expansion.ok ? withHiddenMarked(expansion.uri) : expansion.message}>
                <ServerText text={expansion.ok ? expansion.uri : entry.uriTemplate} />
              </code>
              <span className="saved-template-actions">
                <button
                  type="button"
                  data-testid="saved-template-run"
                  aria-label={t('saved.runLabel', { name: entry.name })}
                  disabled={!expansion.ok}
                  title={expansion.ok ? undefined : t('saved.cannotExpand', { name: entry.name, message: expansion.message })}
                  onClick={() => expansion.ok && open({ serverId, uri: expansion.uri })}
                >
                  {t('saved.run')}
                </button>
                <button
                  type="button"
                  data-testid="saved-template-fill"
                  aria-label={t('saved.fillLabel', { name: entry.name })}
                  disabled={!template}
                  onClick={() => {
                    setInputs(serverScopedKey(serverId, entry.uriTemplate), entry.inputs);
                    openTemplate(serverId, entry.uriTemplate);
                  }}
                >
                  {t('saved.fill')}
                </button>
                <button type="button" className="saved-template-remove" aria-label={t('saved.removeLabel', { name: entry.name })} onClick={() => remove(entry)}>
                  {t('saved.remove')}
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
