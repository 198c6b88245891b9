// The bottom dock as a resizable pane. Collapsed it is its tab strip; choosing a tab opens it, choosing the
// open tab again (or dragging it shut) closes it, so the dock's tab state and its size never disagree.
import { useEffect } from 'react';
import { Panel, type PanelImperativeHandle } from 'react-resizable-panels';
import type { RefObject } from 'react';
import { useUiStore } from '../state/ui-store';
import { Dock } from './Dock';
import { dockPanels } from './dock-panels';

/** The tab strip's height: what is left of a collapsed dock. */
const DOCK_COLLAPSED = 32;

export function DockPane({ panel }: { panel: RefObject<PanelImperativeHandle | null> }) {
  const active = useUiStore(s => s.activeDockPanel);
  const setActive = useUiStore(s => s.setActiveDockPanel);
  useEffect(() => {
    const dock = panel.current;
    if (!dock) return;
    if (active === null && !dock.isCollapsed()) dock.collapse();
    if (active !== null && dock.isCollapsed()) dock.expand();
  }, [active, panel]);
  const onResize = () => {
    const collapsed = panel.current?.isCollapsed() ?? true;
    const current = useUiStore.getState().activeDockPanel;
    if (collapsed && current !== null) setActive(null);
    if (!collapsed && current === null) setActive(dockPanels[0]?.id ?? null);
  };
  return (
    <Panel
      id="dock"
      panelRef={panel}
      defaultSize="28"
      minSize={140}
      collapsible
      collapsedSize={DOCK_COLLAPSED}
      onResize={onResize}
      className="pane pane--dock"
      data-testid="pane"
      data-pane="dock"
      data-collapsed={active === null ? 'true' : 'false'}
      data-tour="dock"
    >
      <Dock />
    </Panel>
  );
}
