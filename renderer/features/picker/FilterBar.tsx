// Annotation filters (audience, priority range, lastModified range) with the count each one hides,
// so items without annotations are never lost without the user being told. The bar folds to a one-line
// summary of the active filters ("audience: user · priority ≥ 0.5 · 2 hidden") that expands on demand.
import { memo, useId } from 'react';
import { useCachedT, useShownLanguage } from '../../i18n/text-cache';
import type { AnnotationFilter, FilterName, HiddenCounts } from '../../../shared/picker/filters';
import { isFilterActive } from '../../../shared/picker/filters';
import { usePickerStore } from '../../state/picker-store';
import { useFilterBarStore } from './filter-bar-store';
import { filterSummaryParts } from './filter-summary';
import { ChevronIcon } from './icons';

function HiddenNote({ name, hidden }: { name: FilterName; hidden: HiddenCounts }) {
  const t = useCachedT('picker');
  const filter = usePickerStore(s => s.filter);
  if (!isFilterActive(filter, name)) return null;
  const { hidden: n, unannotated } = hidden[name];
  return (
    <span className="filter-hidden" data-filter={name} data-hidden={n} data-hidden-unannotated={unannotated}>
      {unannotated > 0 ? t('filters.hidesUnannotated', { count: n, unannotated }) : t('filters.hides', { count: n })}
    </span>
  );
}

type RangeKey = 'priorityMin' | 'priorityMax' | 'modifiedAfter' | 'modifiedBefore';
type KeepKey = 'keepNoPriority' | 'keepNoModified';

const rangeTestIds: Record<RangeKey, string> = {
  priorityMin: 'filter-priority-min',
  priorityMax: 'filter-priority-max',
  modifiedAfter: 'filter-modified-after',
  modifiedBefore: 'filter-modified-before'
};

function RangeInput({ field }: { field: RangeKey }) {
  const t = useCachedT('picker');
  const value = usePickerStore(s => s.filter[field]);
  const setFilter = usePickerStore(s => s.setFilter);
  const testId = rangeTestIds[field];
  const label = t(`filters.${field}`);
  if (typeof value === 'number') {
    return (
      <input
        data-testid={testId}
        aria-label={label}
        type="number"
        min={0}
        max={1}
        step={0.05}
        value={value}
        onChange={e => {
          const v = e.target.value === '' ? Number.NaN : Number(e.target.value);
          if (!Number.isNaN(v)) setFilter({ [field]: Math.min(1, Math.max(0, v)) } as Partial<AnnotationFilter>);
        }}
      />
    );
  }
  return (
    <input
      data-testid={testId}
      aria-label={label}
      type="date"
      value={value}
      onChange={e => setFilter({ [field]: e.target.value } as Partial<AnnotationFilter>)}
    />
  );
}

function KeepUnannotated({ field, testId }: { field: KeepKey; testId: string }) {
  const t = useCachedT('picker');
  const checked = usePickerStore(s => s.filter[field]);
  const setFilter = usePickerStore(s => s.setFilter);
  return (
    <label>
      <input type="checkbox" data-testid={testId} checked={checked} onChange={e => setFilter({ [field]: e.target.checked })} />
      {t(`filters.${field}`)}
    </label>
  );
}

const audienceLabels = { user: 'filters.audienceUser', assistant: 'filters.audienceAssistant', none: 'filters.audienceNone' } as const;

function AudienceToggle({ which }: { which: keyof AnnotationFilter['audience'] }) {
  const t = useCachedT('picker');
  const pressed = usePickerStore(s => s.filter.audience[which]);
  const toggleAudience = usePickerStore(s => s.toggleAudience);
  return (
    <button type="button" aria-pressed={pressed} data-testid={`filter-audience-${which}`} onClick={() => toggleAudience(which)} className="toggle">
      {t(audienceLabels[which])}
    </button>
  );
}

interface RangeGroupProps {
  name: 'priority' | 'modified';
  title: string;
  ariaLabel: string;
  from: RangeKey;
  to: RangeKey;
  keep: KeepKey;
  hidden: HiddenCounts;
}

function RangeGroup({ name, title, ariaLabel, from, to, keep, hidden }: RangeGroupProps) {
  return (
    <div className="filter-group" role="group" aria-label={ariaLabel}>
      <span className="filter-label">{title}</span>
      <RangeInput field={from} />
      <span aria-hidden="true">–</span>
      <RangeInput field={to} />
      <KeepUnannotated field={keep} testId={`filter-${name}-keep-unannotated`} />
      <HiddenNote name={name} hidden={hidden} />
    </div>
  );
}

export const FilterBar = memo(function FilterBar({ hidden, hiddenTotal, invalidDate }: { hidden: HiddenCounts; hiddenTotal: number; invalidDate?: string }) {
  const t = useCachedT('picker');
  const language = useShownLanguage();
  const filter = usePickerStore(s => s.filter);
  const resetFilter = usePickerStore(s => s.resetFilter);
  const expanded = useFilterBarStore(s => s.expanded);
  const setExpanded = useFilterBarStore(s => s.setExpanded);
  const bodyId = useId();
  const parts = filterSummaryParts(filter, hiddenTotal, t, language);
  const summary = parts.length > 0 ? parts.join(t('filters.summary.separator')) : t('filters.none');
  return (
    <fieldset className="filter-bar" data-expanded={expanded}>
      <legend className="visually-hidden">{t('filters.legend')}</legend>
      <div className="filter-summary-line">
        <button
          type="button"
          className="filter-summary"
          data-testid="filter-summary"
          aria-expanded={expanded}
          aria-controls={bodyId}
          title={expanded ? t('filters.hide') : t('filters.show')}
          onClick={() => setExpanded(!expanded)}
        >
          <ChevronIcon open={expanded} />
          <span className="visually-hidden">{expanded ? t('filters.hide') : t('filters.show')}: </span>
          <span className={parts.length > 0 ? 'filter-summary-text filter-summary-text--active' : 'filter-summary-text'} data-testid="filter-summary-text">
            {summary}
          </span>
        </button>
        <button type="button" className="link-button" onClick={resetFilter}>
          {t('filters.clear')}
        </button>
      </div>
      {expanded && (
        <div id={bodyId} className="filter-body">
          <div className="filter-group" role="group" aria-label={t('filters.audience')}>
            <span className="filter-label">{t('filters.audience')}</span>
            <AudienceToggle which="user" />
            <AudienceToggle which="assistant" />
            <AudienceToggle which="none" />
            <HiddenNote name="audience" hidden={hidden} />
          </div>
          <RangeGroup name="priority" title={t('filters.priority')} ariaLabel={t('filters.priority')} hidden={hidden} from="priorityMin" to="priorityMax" keep="keepNoPriority" />
          <RangeGroup name="modified" title={t('filters.modified')} ariaLabel={t('filters.lastModified')} hidden={hidden} from="modifiedAfter" to="modifiedBefore" keep="keepNoModified" />
        </div>
      )}
      {invalidDate !== undefined && (
        <p role="alert" className="filter-error">
          {t('filters.notADate', { value: invalidDate })}
        </p>
      )}
    </fieldset>
  );
});
