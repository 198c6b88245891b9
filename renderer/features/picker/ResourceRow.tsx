// One picker row (role option): icon, title, URI, MIME type, size and annotation badges, with the
// QA contract's data attributes.
import { memo, useState, type CSSProperties } from 'react';
import type { ResourceItem } from '../../../shared/contract';
import { displayName } from '../../../shared/picker/columns';
import { formatBytes, formatDay, safeIconSrc } from '../../../shared/picker/format';
import { resourceKey } from '../../../shared/picker/keys';
import { Highlight } from './Highlight';

function ResourceIcon({ item }: { item: ResourceItem }) {
  const src = safeIconSrc(item.icons);
  const [broken, setBroken] = useState(false);
  if (!src || broken) return <span className="row-icon row-icon--none" aria-hidden="true" />;
  return (
    <img
      className="row-icon"
      src={src}
      alt=""
      width={16}
      height={16}
      referrerPolicy="no-referrer"
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
    />
  );
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
  const a = item.annotations;
  const audience = Array.isArray(a?.audience) ? a.audience : undefined;
  const priority = typeof a?.priority === 'number' ? a.priority : undefined;
  const day = formatDay(a?.lastModified);
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
      data-priority={priority}
      data-audience={audience?.join(',')}
      data-last-modified={a?.lastModified}
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
        <div className="row-badges">
          {audience?.map(who => (
            <span key={who} className={`badge badge--${who}`}>
              {who}
            </span>
          ))}
          {priority !== undefined && <span className="badge badge--priority">P {priority.toFixed(2)}</span>}
          {day && <span className="badge badge--date">{day}</span>}
        </div>
      </div>
    </div>
  );
});
