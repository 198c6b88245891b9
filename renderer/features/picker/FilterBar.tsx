// Annotation filters (audience, priority range, lastModified range) with the count each one hides,
// so items without annotations are never lost without the user being told.
import type { AnnotationFilter, FilterName, HiddenCounts } from '../../../shared/picker/filters';
import { isFilterActive } from '../../../shared/picker/filters';
import { usePickerStore } from '../../state/picker-store';

function HiddenNote({ name, hidden }: { name: FilterName; hidden: HiddenCounts }) {
  const filter = usePickerStore(s => s.filter);
  if (!isFilterActive(filter, name)) return null;
  const { hidden: n, unannotated } = hidden[name];
  return (
    <span className="filter-hidden" data-filter={name} data-hidden={n} data-hidden-unannotated={unannotated}>
      hides {n.toLocaleString()}
      {unannotated > 0 && ` (${unannotated.toLocaleString()} without this annotation)`}
    </span>
  );
}

type RangeKey = 'priorityMin' | 'priorityMax' | 'modifiedAfter' | 'modifiedBefore';
type KeepKey = 'keepNoPriority' | 'keepNoModified';

const rangeInputs: Record<RangeKey, { testId: string; label: string }> = {
  priorityMin: { testId: 'filter-priority-min', label: 'Minimum priority' },
  priorityMax: { testId: 'filter-priority-max', label: 'Maximum priority' },
  modifiedAfter: { testId: 'filter-modified-after', label: 'Modified on or after' },
  modifiedBefore: { testId: 'filter-modified-before', label: 'Modified on or before' }
};

function RangeInput({ field }: { field: RangeKey }) {
  const value = usePickerStore(s => s.filter[field]);
  const setFilter = usePickerStore(s => s.setFilter);
  const { testId, label } = rangeInputs[field];
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

function KeepUnannotated({ field, label, testId }: { field: KeepKey; label: string; testId: string }) {
  const checked = usePickerStore(s => s.filter[field]);
  const setFilter = usePickerStore(s => s.setFilter);
  return (
    <label>
      <input type="checkbox" data-testid={testId} checked={checked} onChange={e => setFilter({ [field]: e.target.checked })} />
      {label}
    </label>
  );
}

function AudienceToggle({ which, label, testId }: { which: keyof AnnotationFilter['audience']; label: string; testId: string }) {
  const pressed = usePickerStore(s => s.filter.audience[which]);
  const toggleAudience = usePickerStore(s => s.toggleAudience);
  return (
    <button type="button" aria-pressed={pressed} data-testid={testId} onClick={() => toggleAudience(which)} className="toggle">
      {label}
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
  keepLabel: string;
  hidden: HiddenCounts;
}

function RangeGroup({ name, title, ariaLabel, from, to, keep, keepLabel, hidden }: RangeGroupProps) {
  return (
    <div className="filter-group" role="group" aria-label={ariaLabel}>
      <span className="filter-label">{title}</span>
      <RangeInput field={from} />
      <span aria-hidden="true">–</span>
      <RangeInput field={to} />
      <KeepUnannotated field={keep} label={keepLabel} testId={`filter-${name}-keep-unannotated`} />
      <HiddenNote name={name} hidden={hidden} />
    </div>
  );
}

export function FilterBar({ hidden, error }: { hidden: HiddenCounts; error?: string }) {
  const resetFilter = usePickerStore(s => s.resetFilter);
  return (
    <fieldset className="filter-bar">
      <legend className="visually-hidden">Filters</legend>
      <div className="filter-group" role="group" aria-label="Audience">
        <span className="filter-label">Audience</span>
        <AudienceToggle which="user" label="User" testId="filter-audience-user" />
        <AudienceToggle which="assistant" label="Assistant" testId="filter-audience-assistant" />
        <AudienceToggle which="none" label="No audience" testId="filter-audience-none" />
        <HiddenNote name="audience" hidden={hidden} />
      </div>
      <RangeGroup name="priority" title="Priority" ariaLabel="Priority" hidden={hidden}
        from="priorityMin" to="priorityMax" keep="keepNoPriority" keepLabel="keep items without priority" />
      <RangeGroup name="modified" title="Modified" ariaLabel="Last modified" hidden={hidden}
        from="modifiedAfter" to="modifiedBefore" keep="keepNoModified" keepLabel="keep items without a date" />
      {error && (
        <p role="alert" className="filter-error">
          {error}
        </p>
      )}
      <button type="button" className="link-button" onClick={resetFilter}>
        Clear filters
      </button>
    </fieldset>
  );
}
