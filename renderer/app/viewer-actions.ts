// Extension point: extra buttons in the viewer header for the open resource (e.g. the subscribe toggle).
// A feature plugs in with one line here.
import type { ComponentType } from 'react';
import { WatchControls } from '../features/subscriptions/WatchControls';

export interface ViewerActionProps {
  serverId: string;
  uri: string;
}

export const viewerActions: ComponentType<ViewerActionProps>[] = [WatchControls];
