// One picker row (role option): icon, title, URI, MIME type, size and annotation badges, with the
// QA contract's data attributes.
import { memo, useState, type CSSProperties } from 'react';
import type { ResourceItem } from '../../../shared/contract';
import { displayName } from '../../../shared/picker/columns';
import { formatBytes, formatDay, safeIconSrc } from '../../../shared/picker/format';
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

export interface ResourceRowProps {
  item: ResourceItem;
  id: string;
  posInSet: number;
  setSize: number;
  active: boolean;
  query: string;
  style: CSSProperties;
  onPick(): void;
}

export const ResourceRow = memo(function ResourceRow({ item, id, posInSet, setSize, active, query, style, onPick }: ResourceRowProps) {
  const a = item.annotations;
  const audience = Array.isArray(a?.audience) ? a.audience : undefined;
  const priority = typeof a?.priority === 'number' ? a.priority : undefined;
  const day = formatDay(a?.lastModified);
  return (
    <div
      role="option"
      id={id}
      aria-selected={active}
      aria-posinset={posInSet}
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
      onClick={onPick}
    >
      <ResourceIcon item={item} />
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
