// The fleet's health over the cards (from SUMMARY_FROM servers on): how many are connected, starting, failing,
// stopped or disabled, each a toggle that narrows the cards to that group. It narrows the sidebar only: which
// servers the picker lists is the cards' checkboxes' business.
import { useTranslation } from 'react-i18next';
import type { ServerState } from '../../../shared/contract';
import { serverSummary, SUMMARY_GROUPS, type SummaryGroup } from './server-summary';

export function ServerSummary({ servers, only, onOnly }: { servers: readonly ServerState[]; only?: SummaryGroup; onOnly(group: SummaryGroup | undefined): void }) {
  const { t } = useTranslation('servers');
  const counts = serverSummary(servers);
  return (
    <div className="server-summary" data-testid="server-summary" role="group" aria-label={t('summary.label')}>
      <span className="server-summary-total">{t('summary.servers', { count: servers.length })}</span>
      {SUMMARY_GROUPS.filter(group => counts[group] > 0).map(group => (
        <button
          key={group}
          type="button"
          className={`server-summary-group server-summary-group--${group}`}
          data-group={group}
          data-count={counts[group]}
          aria-pressed={only === group}
          title={t(only === group ? 'summary.showAll' : 'summary.showOnly')}
          onClick={() => onOnly(only === group ? undefined : group)}
        >
          {t(`summary.${group}`, { count: counts[group] })}
        </button>
      ))}
    </div>
  );
}
