// Whether a resource on a server can be watched, and how. Shared so that the viewer's toggle can explain
// why watching is unavailable before the user clicks, with the same rule the engine enforces.
import type { ProtocolEra, SubscriptionInfo } from '../contract';

export type WatchAvailability =
  | { available: true; mechanism: SubscriptionInfo['mechanism'] }
  /** `reason` in English for the engine's errors; `cause` (and the `revision`) for the page to say it in its language. */
  | { available: false; reason: string; cause: 'not-connected' | 'no-subscribe'; revision?: string };

export function watchAvailability(era: ProtocolEra | undefined, capabilities: Record<string, unknown> | undefined): WatchAvailability {
  if (!era) return { available: false, reason: 'The server is not connected.', cause: 'not-connected' };
  const resources = capabilities?.resources;
  const subscribe = typeof resources === 'object' && resources !== null && (resources as { subscribe?: unknown }).subscribe === true;
  if (subscribe) return { available: true, mechanism: era === 'modern' ? 'listen' : 'subscribe' };
  const revision = era === 'modern' ? '2026-07-28' : '2025-11-25';
  return {
    available: false,
    cause: 'no-subscribe',
    revision,
    reason: `This server (${revision}) does not declare the resources.subscribe capability, so it never sends updates for a single resource.`
  };
}

/** Whether the server says it announces changes to its resource list (`resources.listChanged`). */
export function announcesListChanges(capabilities: Record<string, unknown> | undefined): boolean {
  const resources = capabilities?.resources;
  return typeof resources === 'object' && resources !== null && (resources as { listChanged?: unknown }).listChanged === true;
}
