// What the list says when it shows nothing: why nothing is listed yet (empty-list-reason.ts), or that the search
// and filters hide everything (with the way back). Outside the listbox, whose children must all be options.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useServers } from '../../queries/use-servers';
import { usePickerStore } from '../../state/picker-store';
import { useConfigProblem } from '../servers/ConfigProblem';
import { emptyListReason } from './empty-list-reason';
import type { ServerListState } from './use-picker-model';

/**
 * Why nothing is listed; rendered only while that is so, so the server states it reads cost nothing after. `lists`
 * holds one state per server the picker lists: they are the shown servers.
 */
function NothingListed({ lists }: { lists: readonly ServerListState[] }) {
  const { t } = useTranslation('picker');
  const servers = useServers().data;
  const configProblem = useConfigProblem() !== undefined;
  // Until the server list is in, nothing is known to say.
  if (!servers) return null;
  const reason = emptyListReason(servers, lists, configProblem);
  return (
    <p className="empty-state" data-testid="empty-state" data-pane="list" data-reason={reason.kind}>
      {reason.kind === 'waiting' ? t('list.empty.waiting', { count: reason.waiting, total: reason.total }) : t(`list.empty.${reason.kind}`)}
    </p>
  );
}

export const ListEmptyState = memo(function ListEmptyState({
  loading,
  loaded,
  matching,
  lists
}: {
  loading: boolean;
  loaded: number;
  matching: number;
  lists: readonly ServerListState[];
}) {
  const { t } = useTranslation('picker');
  const setQuery = usePickerStore(s => s.setQuery);
  const resetFilter = usePickerStore(s => s.resetFilter);
  if (loading || matching > 0) return null;
  if (loaded === 0) return <NothingListed lists={lists} />;
  return (
    <p className="empty-state" data-testid="empty-state" data-pane="list" data-reason="hidden">
      {t('list.emptyNoMatch', { count: loaded })}{' '}
      <button
        type="button"
        className="link-button"
        onClick={() => {
          setQuery('');
          resetFilter();
        }}
      >
        {t('list.showAll')}
      </button>
    </p>
  );
});
