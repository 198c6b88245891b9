// "+3 −1" after a relist (`list-diff`): what the last relists added and removed. The added rows carry a
// "New" mark until seen; the button opens the list of the removed ones (`list-diff-popover`).
import { memo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { resourceKey } from '../../../shared/resource-key';
import { displayName } from '../../../shared/picker/columns';
import { diffTotals } from './list-diff';
import { useListDiffStore } from './list-diff-store';
import { Popover } from './Popover';
import { ServerText } from '../server-text/ServerText';

export const ListDiffBadge = memo(function ListDiffBadge() {
  const { t } = useTranslation('picker');
  const [open, setOpen] = useState(false);
  const diffs = useListDiffStore(s => s.diffs);
  const dismiss = useListDiffStore(s => s.dismiss);
  if (diffs.size === 0) return null;
  const { added, removed } = diffTotals(diffs);
  return (
    <Popover
      open={open}
      setOpen={setOpen}
      className="list-diff"
      label={t('diff.title')}
      testId="list-diff-popover"
      buttonProps={{ 'data-testid': 'list-diff', 'data-added': String(added), 'data-removed': String(removed.length), 'aria-label': t('diff.label', { added, removed: removed.length }) }}
      button={
        <>
          <Trans t={t} i18nKey="diff.summary" values={{ added, removed: removed.length }} components={{ added: <span className="diff-added" />, removed: <span className="diff-removed" /> }} />
        </>
      }
    >
      <p className="popover-heading">{t('diff.added', { count: added })}</p>
      <p className="popover-heading">{removed.length === 0 ? t('diff.noneRemoved') : t('diff.removed', { count: removed.length })}</p>
      {removed.length > 0 && (
        <ul className="popover-list">
          {removed.map(item => (
            <li key={resourceKey(item)} className="popover-static" data-testid="removed-item" data-server-id={item.serverId} data-uri={item.uri}>
              <span className="popover-item-name">
                <ServerText text={displayName(item)} />
              </span>
              <span className="popover-item-detail">
                {item.serverId} · <ServerText text={item.uri} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="link-button popover-footer"
        data-testid="list-diff-dismiss"
        onClick={() => {
          setOpen(false);
          dismiss();
        }}
      >
        {t('diff.dismiss')}
      </button>
    </Popover>
  );
});
