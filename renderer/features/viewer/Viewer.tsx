// The open resource (`resource-viewer`): header with cache badge, refresh and add-to-context, then one
// `content-part` per content item (a directory: its children as `directory-entry` buttons, and a part only for
// children that came with content). Read errors show as an error with retry, never as empty content.
import { Plus, RefreshCw, X } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceItem } from '../../../shared/contract';
import { resourceKey } from '../../../shared/resource-key';
import { directoryRead } from '../../../shared/viewer/directory';
import { callErrorOf } from '../../api/call-error';
import { useListedItems } from '../../queries/use-resource-list';
import { useRefreshResource, useResourceRead } from '../../queries/use-resource-read';
import { useTrayStore } from '../../state/tray-store';
import { useUiStore, type OpenResource } from '../../state/ui-store';
import { CacheBadge } from '../cache/CacheBadge';
import { viewerActions } from '../../app/viewer-actions';
import { ContentPartView } from './ContentPartView';
import { DirectoryView } from './DirectoryView';
import { ServerText } from '../server-text/ServerText';

/**
 * The listed item for the open resource (for its title and annotations), if the list has it: the finished list,
 * or the pages streamed so far while a long list is still loading. Subscribed, so it fills in when they arrive.
 */
function useListedItem(target: OpenResource | null): ResourceItem | undefined {
  const serverId = target?.serverId ?? '';
  const { list, progress } = useListedItems(serverId);
  return useMemo(() => {
    if (!target) return undefined;
    for (const rows of [list?.items, progress?.items]) {
      if (!rows) continue;
      for (let i = 0; i < rows.length; i++) if (rows.uriIs(i, target.uri)) return rows.at(i);
    }
    return undefined;
  }, [list, progress, target]);
}

export function Viewer() {
  const { t } = useTranslation('viewer');
  const target = useUiStore(s => s.openResource);
  const close = useUiStore(s => s.open);
  const listed = useListedItem(target);
  const read = useResourceRead(target);
  const refresh = useRefreshResource();
  const addToTray = useTrayStore(s => s.add);
  const inTray = useTrayStore(s => (target ? s.items.some(i => resourceKey(i) === resourceKey(target)) : false));
  const shown = useMemo(() => (read.data ? directoryRead(read.data, listed?.mimeType) : undefined), [read.data, listed?.mimeType]);
  if (!target) {
    return (
      <section className="viewer viewer--empty" aria-label={t('label')}>
        <p className="note">{t('emptyHint')}</p>
      </section>
    );
  }
  const item = listed ?? { serverId: target.serverId, uri: target.uri, name: target.uri };
  const error = read.isError ? callErrorOf(read.error) : refresh.isError ? callErrorOf(refresh.error) : undefined;
  return (
    <section
      className="viewer"
      aria-label={t('label')}
      data-testid="resource-viewer"
      data-uri={target.uri}
      data-server-id={target.serverId}
      aria-busy={read.isFetching || refresh.isPending}
    >
      <header className="viewer-head">
        <div className="viewer-title">
          <h2>
            <ServerText text={item.title || item.name} />
          </h2>
          <code className="viewer-uri">
            <ServerText text={target.uri} />
          </code>
          {/* The badge beside the server, not among the actions: arriving with the content, it would push them aside just as they are clicked. */}
          <p className="viewer-meta">
            <span className="viewer-server">{target.serverId}</span>
            {read.data && <CacheBadge cache={read.data.cache} />}
          </p>
        </div>
        <div className="viewer-actions">
          <button
            type="button"
            data-testid="refresh-button"
            onClick={() => refresh.mutate(target)}
            disabled={refresh.isPending}
          >
            <RefreshCw />
            {refresh.isPending ? t('refreshing') : t('refresh')}
          </button>
          <button type="button" data-testid="add-to-context" onClick={() => addToTray(item)} disabled={inTray}>
            <Plus />
            {inTray ? t('inContext') : t('addToContext')}
          </button>
          {viewerActions.map((Action, k) => (
            <Action key={k} serverId={target.serverId} uri={target.uri} />
          ))}
          <button type="button" onClick={() => close(null)} aria-label={t('close')}>
            <X />
          </button>
        </div>
      </header>
      {error && (
        <div role="alert" data-testid="error-banner" data-code={error.code} className="error-banner">
          <span>
            {error.rpcCode === undefined ? t('readFailed', { message: error.message }) : t('readFailedRpc', { message: error.message, code: error.rpcCode })}
          </span>
          <button type="button" onClick={() => void read.refetch()}>
            {t('retry')}
          </button>
        </div>
      )}
      {read.isPending && !error && <p className="note">{t('reading')}</p>}
      {read.data && read.data.contents.length === 0 && !shown?.entries && <p className="note">{t('noContents')}</p>}
      <div className="viewer-body">
        {shown?.entries && <DirectoryView serverId={target.serverId} entries={shown.entries} />}
        {shown?.parts.map((part, k) => (
          <ContentPartView key={`${k}-${part.uri}`} part={part} index={k} total={shown.parts.length} source={target} />
        ))}
      </div>
    </section>
  );
}
