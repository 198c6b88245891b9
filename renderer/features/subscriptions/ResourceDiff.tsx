// "What changed": the button that shows the open resource's text against its previous version. The diff
// view (and the `diff` library) load on first use, in their own chunk.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerId } from '../../../shared/contract';
import { resourceKey } from '../../../shared/resource-key';
import { useVersionHistory } from './version-history';

const DiffView = lazy(() => import('./DiffView').then(m => ({ default: m.DiffView })));

export function ResourceDiffButton({ serverId, uri }: { serverId: ServerId; uri: string }) {
  const { t } = useTranslation('subscriptions');
  const versions = useVersionHistory(s => s.byKey[resourceKey({ serverId, uri })]);
  const [shown, setShown] = useState(false);
  const previous = versions?.previous;
  if (!versions || !previous) return null;
  return (
    <>
      <button type="button" data-testid="resource-diff-button" aria-expanded={shown} onClick={() => setShown(s => !s)}>
        {shown ? t('diff.hide') : t('diff.show')}
      </button>
      {shown && (
        <Suspense fallback={<p className="note">{t('diff.loading')}</p>}>
          <DiffView before={previous.text} after={versions.current.text} beforeAt={previous.receivedAt} afterAt={versions.current.receivedAt} />
        </Suspense>
      )}
    </>
  );
}
