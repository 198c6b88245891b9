// Extension point: panels shown as tabs in the bottom dock. A feature plugs in with one line here,
// e.g. `{ id: 'cache', title: 'Cache', Component: CachePanel }`. Order here is tab order.
import type { ComponentType } from 'react';

export interface DockPanel {
  /** Stable id, also used as the tab's `data-panel-id`. */
  id: string;
  title: string;
  Component: ComponentType;
}

export const dockPanels: DockPanel[] = [];
