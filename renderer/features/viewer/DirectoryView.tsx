// A directory read (`directory-view`): its children as buttons (`directory-entry`) that open the child in the
// viewer, as opening it from the picker, the context tray or the subscriptions panel does.
import { useTranslation } from 'react-i18next';
import type { ServerId } from '../../../shared/contract';
import type { DirectoryEntry } from '../../../shared/viewer/directory';
import { useUiStore } from '../../state/ui-store';
import './directory.css';
import { ServerText } from '../server-text/ServerText';
import { withHiddenMarked } from '../../../shared/hidden-characters';

export function DirectoryView({ serverId, entries }: { serverId: ServerId; entries: DirectoryEntry[] }) {
  const { t } = useTranslation('viewer');
  const open = useUiStore(s => s.open);
  return (
    <section className="directory-view" data-testid="directory-view" aria-label={t('directory.label', { count: entries.length })}>
      {entries.length === 0 ? (
        <p className="note">{t('directory.empty')}</p>
      ) : (
        <ul className="directory-list">
          {entries.map(entry => (
            <li key={entry.uri}>
              <button
                type="button"
                className={entry.isDirectory ? 'directory-entry directory-entry--dir' : 'directory-entry'}
                data-testid="directory-entry"
                data-uri={entry.uri}
                data-mime={entry.mimeType}
                title={t('directory.open', { uri: withHiddenMarked(entry.uri) })}
                onClick={() => open({ serverId, uri: entry.uri })}
              >
                <span className="directory-entry-name">
                  <ServerText text={entry.name} />
                  {entry.isDirectory && !entry.name.endsWith('/') ? '/' : ''}
                </span>
                <code className="directory-entry-uri">
                  <ServerText text={entry.uri} />
                </code>
                <span className="directory-entry-mime">{entry.mimeType ?? t('noMimeType')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
