// Extension point: components mounted once, globally, above the layout (dialogs, toasts).
// A feature plugs in with one line here, e.g. `InputRequiredDialog`.
import type { ComponentType } from 'react';

export const overlays: ComponentType[] = [];
