// One picker row (role option): icon, title, URI, MIME type, size and annotation badges, with the
// QA contract's data attributes.
import { memo, useMemo, useState, type CSSProperties } from 'react';
import type { ResourceItem } from '../../../shared/contract';
import { displayName } from '../../../shared/picker/columns';
import { annotationView } from '../../../shared/annotations';
import { formatBytes } from '../../../shared/format';
import { ICON_REFUSED_PREFIX, chooseIcon } from '../../../shared/icons/icon-source';
import { resourceKey } from '../../../shared/resource-key';
import { useRemoteIcon } from '../../queries/use-icon';
import { AnnotationBadges } from '../annotations/AnnotationBadges';
import { Highlight } from './Highlight';

/** The neutral square shown while an icon loads, when there is none, or when it was refused (`title` says why). */
function IconPlaceholder({ state, reason }: { state: 'none' | 'loading' | 'refused'; reason?: string }) {
  return <span className="row-icon row-icon--none" data-icon-state={state} title={reason} aria-hidden="true" />;
}

/** Only data: URIs reach here (checked, or built by the engine): the page itself loads nothing remote. */
function IconImage({ src }: { src: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) return <IconPlaceholder state="refused" reason={`${ICON_REFUSED_PREFIX}the image could not be decoded`} />;
  return <img className="row-icon" data-icon-state="shown" src={src} alt="" width={16} height={16} decoding="async" onError={() => setBroken(true)} />;
}

function RemoteIcon({ serverId, src }: { serverId: string; src: string }) {
  const icon = useRemoteIcon(serverId, src);
  if (icon.state === 'loading') return <IconPlaceholder state="loading" />;
  if (icon.state === 'refused') return <IconPlaceholder state="refused" reason={icon.reason} />;
  return <IconImage src={icon.dataUri} />;
}

function ResourceIcon({ item }: { item: ResourceItem }) {
  const source = useMemo(() => chooseIcon(item.icons), [item.icons]);
  if (source.kind === 'remote') return <RemoteIcon serverId={item.serverId} src={source.src} />;
  if (source.kind === 'none') return <IconPlaceholder state={source.refusal ? 'refused' : 'none'} reason={source.refusal} />;
  return <IconImage src={source.src} />;
}

/** Plain values and a stable `onPick`, so the memo skips rows whose item, place and query are unchanged. */
export interface ResourceRowProps {
  item: ResourceItem;
  /** Position in the list (0-based). */
  row: number;
  id: string;
  setSize: number;
  active: boolean;
  query: string;
  /** Offset from the list's top and height, in px. */
  top: number;
  height: number;
  onPick(row: number): void;
}

export const ResourceRow = memo(function ResourceRow({ item, row, id, setSize, active, query, top, height, onPick }: ResourceRowProps) {
  const annotations = useMemo(() => annotationView(item.annotations, item.invalidAnnotations), [item.annotations, item.invalidAnnotations]);
  const style: CSSProperties = { position: 'absolute', top: 0, left: 0, right: 0, height, transform: `translateY(${top}px)` };
  return (
    <div
      role="option"
      id={id}
      aria-selected={active}
      aria-posinset={row + 1}
      aria-setsize={setSize}
      data-testid="resource-row"
      data-server-id={item.serverId}
      data-uri={item.uri}
      data-priority={annotations.priority}
      data-audience={annotations.audience?.join(',')}
      data-last-modified={annotations.lastModified}
      data-invalid-annotations={annotations.invalid.map(i => i.field).join(',') || undefined}
      className={active ? 'resource-row resource-row--active' : 'resource-row'}
      style={style}
      title={item.description}
      onClick={() => onPick(row)}
    >
      {/* Keyed by resource: a row reused for another item must not keep a broken icon state. */}
      <ResourceIcon key={resourceKey(item)} item={item} />
      <div className="row-main">
        <div className="row-title">
          <Highlight text={displayName(item)} query={query} />
          {item.title && item.title !== item.name && (
            <span className="row-name">
              <Highlight text={item.name} query={query} />
            </span>
          )}
        </div>
        <div className="row-uri">
          <Highlight text={item.uri} query={query} />
        </div>
      </div>
      <div className="row-meta">
        <div className="row-facts">
          <span className="row-server">{item.serverId}</span>
          {item.mimeType && <span className="row-mime">{item.mimeType}</span>}
          {item.size !== undefined && <span className="row-size">{formatBytes(item.size)}</span>}
        </div>
        <AnnotationBadges view={annotations} className="row-badges" />
      </div>
    </div>
  );
});
