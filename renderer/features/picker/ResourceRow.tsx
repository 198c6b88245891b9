// One picker row (role option): icon, title, URI, MIME type, size and annotation badges, with the
// QA contract's data attributes.
import { memo, useMemo, useState, type CSSProperties, type MouseEvent } from 'react';
import type { ResourceItem } from '../../../shared/contract';
import { displayName } from '../../../shared/picker/columns';
import { annotationView } from '../../../shared/annotations';
import { ICON_REFUSED_PREFIX, chooseIcon, type IconSource } from '../../../shared/icons/icon-source';
import { formatByteSize } from '../../i18n/format';
import { useShownLanguage, useTextCache } from '../../i18n/text-cache';
import { useRemoteIcon } from '../../queries/use-icon';
import { AnnotationBadges } from '../annotations/AnnotationBadges';
import { Highlight } from './Highlight';
import { PinIcon } from './icons';
import { withHiddenMarked } from '../../../shared/hidden-characters';

/** The neutral square shown while an icon loads, when there is none, or when it was refused (`title` says why). */
function IconPlaceholder({ state, reason }: { state: 'none' | 'loading' | 'refused'; reason?: string }) {
  return <span className="row-icon row-icon--none" data-icon-state={state} title={reason} aria-hidden="true" />;
}

/** Only data: URIs reach here (checked, or built by the engine): the page itself loads nothing remote. */
function IconImage({ src }: { src: string }) {
  const text = useTextCache('picker');
  const [broken, setBroken] = useState(false);
  if (broken) return <IconPlaceholder state="refused" reason={`${ICON_REFUSED_PREFIX}${text('undecodable', t => t('row.iconUndecodable'))}`} />;
  return <img className="row-icon" data-icon-state="shown" src={src} alt="" width={16} height={16} decoding="async" onError={() => setBroken(true)} />;
}

function RemoteIcon({ serverId, src }: { serverId: string; src: string }) {
  const icon = useRemoteIcon(serverId, src);
  if (icon.state === 'loading') return <IconPlaceholder state="loading" />;
  if (icon.state === 'refused') return <IconPlaceholder state="refused" reason={icon.reason} />;
  return <IconImage src={icon.dataUri} />;
}

function ResourceIcon({ serverId, source }: { serverId: string; source: IconSource }) {
  if (source.kind === 'remote') return <RemoteIcon serverId={serverId} src={source.src} />;
  if (source.kind === 'none') return <IconPlaceholder state={source.refusal ? 'refused' : 'none'} reason={source.refusal} />;
  return <IconImage src={source.src} />;
}

/**
 * What the icon element stands for: a row shown for another item keeps its icon element while this is the same
 * (most items have no icon, and icons repeat), and gets a new one, without a broken state, when it is not.
 */
function iconKey(serverId: string, source: IconSource): string {
  if (source.kind === 'remote') return `remote\u0000${serverId}\u0000${source.src}`;
  return source.kind === 'none' ? `none\u0000${source.refusal ?? ''}` : `data\u0000${source.src}`;
}

/** How a click picks a row: open it, toggle it in the selection (Ctrl/⌘), or select the range up to it (Shift). */
export type PickHow = 'open' | 'toggle' | 'range';

function pickHowOf(e: MouseEvent): PickHow {
  if (e.shiftKey) return 'range';
  return e.ctrlKey || e.metaKey ? 'toggle' : 'open';
}

/** Plain values and a stable `onPick`, so the memo skips rows whose item, place and query are unchanged. */
export interface ResourceRowProps {
  item: ResourceItem;
  /** Position in the list (0-based). */
  row: number;
  id: string;
  setSize: number;
  active: boolean;
  /** In the multi-selection (or, with none, the active row: the selection follows the cursor). */
  selected: boolean;
  /** Picked into the multi-selection by the user (as opposed to following the cursor). */
  marked: boolean;
  pinned: boolean;
  /** Added by the last relists and not seen yet. */
  fresh: boolean;
  query: string;
  /** Offset from the list's top and height, in px. */
  top: number;
  height: number;
  onPick(row: number, how: PickHow): void;
}

export const ResourceRow = memo(function ResourceRow({ item, row, id, setSize, active, selected, marked, pinned, fresh, query, top, height, onPick }: ResourceRowProps) {
  const text = useTextCache('picker');
  const language = useShownLanguage();
  const pinnedLabel = pinned ? text('pinned', t => t('row.pinned')) : undefined;
  const newLabel = fresh ? text('new', t => t('row.new')) : undefined;
  const annotations = useMemo(() => annotationView(item.annotations, item.invalidAnnotations), [item.annotations, item.invalidAnnotations]);
  const icon = useMemo(() => chooseIcon(item.icons), [item.icons]);
  const style: CSSProperties = { position: 'absolute', top: 0, left: 0, right: 0, height, transform: `translateY(${top}px)` };
  return (
    <div
      role="option"
      id={id}
      aria-selected={selected}
      aria-posinset={row + 1}
      aria-setsize={setSize}
      data-testid="resource-row"
      data-server-id={item.serverId}
      data-uri={item.uri}
      data-priority={annotations.priority}
      data-audience={annotations.audience?.join(',')}
      data-last-modified={annotations.lastModified}
      data-invalid-annotations={annotations.invalid.map(i => i.field).join(',') || undefined}
      data-selected={marked || undefined}
      data-pinned={pinned || undefined}
      data-new={fresh || undefined}
      className={['resource-row', active && 'resource-row--active', marked && 'resource-row--selected', fresh && 'resource-row--new'].filter(Boolean).join(' ')}
      style={style}
      title={item.description && withHiddenMarked(item.description)}
      onMouseDown={e => {
        // Shift+click would otherwise select the text between the two rows.
        if (e.shiftKey) e.preventDefault();
      }}
      onClick={e => onPick(row, pickHowOf(e))}
    >
      <ResourceIcon key={iconKey(item.serverId, icon)} serverId={item.serverId} source={icon} />
      {/* Two lines, each sharing its own width: a long title leaves the URI line's room to the badges. */}
      <div className="row-lines">
        <div className="row-line">
          <div className="row-title">
            {pinned && (
              <span className="row-pin" title={pinnedLabel}>
                <PinIcon />
                <span className="visually-hidden">{pinnedLabel}</span>
              </span>
            )}
            {fresh && <span className="row-new">{newLabel}</span>}
            <Highlight text={displayName(item)} query={query} />
            {item.title && item.title !== item.name && (
              <span className="row-name">
                <Highlight text={item.name} query={query} />
              </span>
            )}
          </div>
          <div className="row-facts">
            <span className="row-server">{item.serverId}</span>
            {item.mimeType && <span className="row-mime">{item.mimeType}</span>}
            {item.size !== undefined && <span className="row-size">{formatByteSize(item.size, language)}</span>}
          </div>
        </div>
        <div className="row-line">
          <div className="row-uri">
            <Highlight text={item.uri} query={query} />
          </div>
          <AnnotationBadges view={annotations} className="row-badges" />
        </div>
      </div>
    </div>
  );
});
