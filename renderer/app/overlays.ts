// Extension point: components mounted once, globally, above the layout (dialogs, toasts).
// A feature plugs in with one line here, e.g. `InputRequiredDialog`.
import type { ComponentType } from 'react';
import { CommandPalette } from '../features/command-palette/CommandPalette';
import { InputRequiredDialog } from '../features/input-required/InputRequiredDialog';
import { SubscriptionsTracker } from '../features/subscriptions/SubscriptionsTracker';

export const overlays: ComponentType[] = [InputRequiredDialog, SubscriptionsTracker, CommandPalette];
