// "What changed": the open resource's text against its previous version, line by line (the `diff` library).
import { diffLines } from 'diff';
import { useMemo, useState } from 'react';
import type { ServerId } from '../../../shared/contract';
import { useVersionHistory, versionKey } from './version-history';

export function ResourceDiffButton({ serverId, uri }: { serverId: ServerId; uri: string }) {
  const versions = useVersionHistory(s => s.byKey[versionKey(serverId, uri)]);
  const [shown, setShown] = useState(false);
  const previous = versions?.previous;
  if (!versions || !previous) return null;
  return (
    <>
      <button type="button" data-testid="resource-diff-button" aria-expanded={shown} onClick={() => setShown(s => !s)}>
        {shown ? 'Hide changes' : 'Show changes'}
      </button>
      {shown && <DiffView before={previous.text} after={versions.current.text} beforeAt={previous.receivedAt} afterAt={versions.current.receivedAt} />}
    </>
  );
}

function DiffView({ before, after, beforeAt, afterAt }: { before: string; after: string; beforeAt: number; afterAt: number }) {
  const parts = useMemo(() => diffLines(before, after), [before, after]);
  const added = parts.filter(p => p.added).reduce((n, p) => n + (p.count ?? 0), 0);
  const removed = parts.filter(p => p.removed).reduce((n, p) => n + (p.count ?? 0), 0);
  return (
    <figure className="resource-diff" data-testid="resource-diff" data-added={added} data-removed={removed}>
      <figcaption>
        Changes from {new Date(beforeAt).toLocaleTimeString()} to {new Date(afterAt).toLocaleTimeString()}: +{added} −{removed} lines
      </figcaption>
      <pre>
        {parts.map((part, i) => (
          <span key={i} className={part.added ? 'diff-added' : part.removed ? 'diff-removed' : 'diff-same'}>
            {part.value
              .replace(/\n$/, '')
              .split('\n')
              .map(line => `${part.added ? '+' : part.removed ? '-' : ' '} ${line}`)
              .join('\n')}
            {'\n'}
          </span>
        ))}
      </pre>
    </figure>
  );
}
