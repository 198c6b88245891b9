// The open resource's text against its previous version, line by line (the `diff` library).
import { diffLines } from 'diff';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export function DiffView({ before, after, beforeAt, afterAt }: { before: string; after: string; beforeAt: number; afterAt: number }) {
  const { t } = useTranslation('subscriptions');
  const parts = useMemo(() => diffLines(before, after), [before, after]);
  const added = parts.filter(p => p.added).reduce((n, p) => n + (p.count ?? 0), 0);
  const removed = parts.filter(p => p.removed).reduce((n, p) => n + (p.count ?? 0), 0);
  return (
    <figure className="resource-diff" data-testid="resource-diff" data-added={added} data-removed={removed}>
      <figcaption>
        {t('diff.caption', { from: beforeAt, to: afterAt, added, removed })}
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
