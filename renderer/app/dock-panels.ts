// Extension point: panels shown as tabs in the bottom dock. A feature plugs in with one line here,
// e.g. `{ id: 'cache', title: 'Cache', Component: CachePanel }`. Order here is tab order.
import type { ComponentType } from 'react';
import { CachePanel } from '../features/cache/CachePanel';
import { ProtocolLogPanel } from '../features/protocol-log/ProtocolLogPanel';
import { ServerDetailsPanel } from '../features/server-details/ServerDetailsPanel';
import { SubscriptionsPanel } from '../features/subscriptions/SubscriptionsPanel';
import { TemplatesPanel } from '../features/templates/TemplatesPanel';

export interface DockPanel {
  /** Stable id, also used as the tab's `data-panel-id`; the tab's name is the `common` message `dock.panel.<id>`. */
  id: DockPanelId;
  /** The English name, for the command palette's search (the tab itself shows the catalog's). */
  title: string;
  Component: ComponentType;
}

type DockPanelId = 'templates' | 'subscriptions' | 'protocol-log' | 'server-details' | 'cache';

export const dockPanels: DockPanel[] = [
  { id: 'templates', title: 'Templates', Component: TemplatesPanel },
  { id: 'subscriptions', title: 'Watched', Component: SubscriptionsPanel },
  { id: 'protocol-log', title: 'Protocol log', Component: ProtocolLogPanel },
  { id: 'server-details', title: 'Server details', Component: ServerDetailsPanel },
  { id: 'cache', title: 'Cache', Component: CachePanel }
];
