// Reading a server's details for people: capabilities as flags, the subject of a notification. The words
// (era, status, times) are the `serverDetails` catalog's.

export interface CapabilitySummary {
  name: string;
  /** Sub-capabilities switched on, e.g. `subscribe`, `listChanged`. */
  flags: string[];
}

/** Top-level capabilities with the flags set inside each; server data is untrusted, so anything odd is skipped. */
export function summarizeCapabilities(capabilities: Record<string, unknown> | undefined): CapabilitySummary[] {
  if (!capabilities || typeof capabilities !== 'object') return [];
  return Object.entries(capabilities)
    .filter(([, value]) => value !== undefined && value !== null && value !== false)
    .map(([name, value]) => ({
      name,
      flags:
        typeof value === 'object' && !Array.isArray(value)
          ? Object.entries(value as Record<string, unknown>)
              .filter(([, flag]) => flag !== false && flag !== undefined && flag !== null)
              .map(([flag]) => flag)
          : []
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The resource a notification is about, if it names one. */
export function notificationSubject(params: unknown): string {
  if (typeof params !== 'object' || params === null) return '';
  const uri = (params as { uri?: unknown }).uri;
  return typeof uri === 'string' ? uri : '';
}
