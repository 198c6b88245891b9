// Resizable, collapsible panes (react-resizable-panels): the handles are its Separators (role="separator",
// keyboard-resizable); a pane collapses with its bar's button or a double-click on the handle before it and
// re-opens from the rail it leaves. Sizes (collapsed panes included) are kept in localStorage per group.
import { type ReactNode, type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel, Separator, type PanelImperativeHandle } from 'react-resizable-panels';

export type PaneId = 'servers' | 'list' | 'viewer' | 'tray' | 'dock' | 'workspace';

/** Width (or height, for the dock) of a collapsed pane: its rail with the expand button. */
const COLLAPSED_SIZE = 28;

interface PaneProps {
  id: PaneId;
  defaultSize: string;
  minSize: number;
  /** Shared with the separator next to it, whose double-click collapses or re-opens this pane. */
  panel: RefObject<PanelImperativeHandle | null>;
  children: ReactNode;
}

/** A collapsible pane: a thin bar names it and collapses it; collapsed, it is a rail that expands it. */
export function Pane({ id, defaultSize, minSize, panel, children }: PaneProps) {
  const { t } = useTranslation('shell');
  const [collapsed, setCollapsed] = useState(false);
  const title = t(`panes.${id}`);
  return (
    <Panel
      id={id}
      panelRef={panel}
      defaultSize={defaultSize}
      minSize={minSize}
      collapsible
      collapsedSize={COLLAPSED_SIZE}
      onResize={() => setCollapsed(panel.current?.isCollapsed() ?? false)}
      className={`pane pane--${id}${collapsed ? ' pane--collapsed' : ''}`}
      data-testid="pane"
      data-pane={id}
      data-collapsed={collapsed ? 'true' : 'false'}
      data-tour={id}
    >
      {collapsed ? (
        <button type="button" className="pane-rail" aria-expanded="false" aria-label={t('panes.expand', { pane: title })} onClick={() => panel.current?.expand()}>
          <span aria-hidden="true">{title}</span>
        </button>
      ) : (
        <>
          <button
              type="button"
              className="pane-collapse"
              data-testid="pane-collapse"
              aria-expanded="true"
              aria-label={t('panes.collapse', { pane: title })}
              title={t('panes.collapse', { pane: title })}
              onClick={() => panel.current?.collapse()}
            >
            <span aria-hidden="true">{id === 'tray' ? '›' : '‹'}</span>
          </button>
          <div className="pane-body">{children}</div>
        </>
      )}
    </Panel>
  );
}

/** Collapses an open pane, re-opens a collapsed one. */
function togglePane(panel: RefObject<PanelImperativeHandle | null>): void {
  if (panel.current?.isCollapsed()) panel.current.expand();
  else panel.current?.collapse();
}

/** A resize handle between two panes; a double-click collapses or re-opens `toggles`. */
export function PaneSeparator({ before, after, toggles }: { before: PaneId; after: PaneId; toggles: RefObject<PanelImperativeHandle | null> }) {
  const { t } = useTranslation('shell');
  return (
    <Separator
      className="pane-separator"
      data-testid="pane-separator"
      aria-label={t('panes.resize', { before: t(`panes.${before}`), after: t(`panes.${after}`) })}
      disableDoubleClick
      onDoubleClick={() => togglePane(toggles)}
    />
  );
}
