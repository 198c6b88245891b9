// The previous version of each resource the viewer has shown, so that "what changed" is one click away after
// an update. Fed from the view cache: whenever a read's data changes, the old data becomes `previous`.
// Only text parts are kept, and only for a bounded number of resources.
import type { Query, QueryCacheNotifyEvent } from '@tanstack/react-query';
import { create } from 'zustand';
import type { ReadResult, ServerId } from '../../../shared/contract';
import { resourceKey } from '../../../shared/resource-key';

const maxResources = 50;
const maxTextChars = 1_000_000;

interface TextVersion {
  text: string;
  receivedAt: number;
}

interface VersionsState {
  /** By resourceKey. */
  byKey: Record<string, { previous?: TextVersion; current: TextVersion }>;
  record(serverId: ServerId, uri: string, version: TextVersion): void;
}

export const useVersionHistory = create<VersionsState>()(set => ({
  byKey: {},
  record: (serverId, uri, version) =>
    set(s => {
      const key = resourceKey({ serverId, uri });
      const known = s.byKey[key];
      if (known && known.current.text === version.text) return s;
      const { [key]: _old, ...others } = s.byKey;
      const kept = Object.entries(others).slice(-(maxResources - 1));
      return { byKey: { ...Object.fromEntries(kept), [key]: { previous: known?.current, current: version } } };
    })
}));

/** The text of a read, as the diff shows it: text parts joined, blobs named by their size. */
function textOf(result: ReadResult): string {
  const text = result.contents
    .map(part => (part.kind === 'text' ? part.text : `[binary ${part.mimeType ?? 'data'}, ${part.size} bytes]`))
    .join('\n');
  return text.length > maxTextChars ? text.slice(0, maxTextChars) : text;
}

/** QueryCache listener: records every successful `resources.read` result. */
export function recordReadVersions(event: QueryCacheNotifyEvent): void {
  if (event.type !== 'updated' || event.action.type !== 'success') return;
  const query = event.query as Query<unknown>;
  const [method, serverId, uri] = query.queryKey;
  if (method !== 'resources.read' || typeof serverId !== 'string' || typeof uri !== 'string') return;
  const data = query.state.data as ReadResult | undefined;
  if (!data || !Array.isArray(data.contents)) return;
  useVersionHistory.getState().record(serverId, uri, { text: textOf(data), receivedAt: data.cache?.receivedAt ?? Date.now() });
}
