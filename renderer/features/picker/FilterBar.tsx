// Annotation filters (audience, priority range, lastModified range) with the count each one hides,
// so items without annotations are never lost without the user being told.
import { useId } from 'react';
import type { FilterName, HiddenCounts } from '../../../shared/picker/filters';
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

export function FilterBar({ hidden, error }: { hidden: HiddenCounts; error?: string }) {
  const id = useId();
  const filter = usePickerStore(s => s.filter);
  const toggleAudience = usePickerStore(s => s.toggleAudience);
  const setFilter = usePickerStore(s => s.setFilter);
  const resetFilter = usePickerStore(s => s.resetFilter);
  const toggle = (which: 'user' | 'assistant' | 'none', label: string, testId?: string) => (
    <button
      type="button"
      aria-pressed={filter.audience[which]}
      data-testid={testId}
      onClick={() => toggleAudience(which)}
      className="toggle"
    >
      {label}
    </button>
  );
  const number = (value: string) => (value === '' ? Number.NaN : Number(value));
  return (
    <fieldset className="filter-bar">
      <legend className="visually-hidden">Filters</legend>
      <div className="filter-group" role="group" aria-label="Audience">
        <span className="filter-label">Audience</span>
        {toggle('user', 'User', 'filter-audience-user')}
        {toggle('assistant', 'Assistant', 'filter-audience-assistant')}
        {toggle('none', 'No audience', 'filter-audience-none')}
        <HiddenNote name="audience" hidden={hidden} />
      </div>
      <div className="filter-group" role="group" aria-label="Priority">
        <label htmlFor={`${id}-pmin`} className="filter-label">
          Priority
        </label>
        <input
          id={`${id}-pmin`}
          data-testid="filter-priority-min"
          type="number"
          min={0}
          max={1}
          step={0.05}
          value={filter.priorityMin}
          aria-label="Minimum priority"
          onChange={e => {
            const v = number(e.target.value);
            if (!Number.isNaN(v)) setFilter({ priorityMin: Math.min(1, Math.max(0, v)) });
          }}
        />
        <span aria-hidden="true">–</span>
        <input
          data-testid="filter-priority-max"
          type="number"
          min={0}
          max={1}
          step={0.05}
          value={filter.priorityMax}
          aria-label="Maximum priority"
          onChange={e => {
            const v = number(e.target.value);
            if (!Number.isNaN(v)) setFilter({ priorityMax: Math.min(1, Math.max(0, v)) });
          }}
        />
        <label>
          <input
            type="checkbox"
            checked={filter.keepNoPriority}
            onChange={e => setFilter({ keepNoPriority: e.target.checked })}
            data-testid="filter-priority-keep-unannotated"
          />
          keep items without priority
        </label>
        <HiddenNote name="priority" hidden={hidden} />
      </div>
      <div className="filter-group" role="group" aria-label="Last modified">
        <label htmlFor={`${id}-after`} className="filter-label">
          Modified
        </label>
        <input
          id={`${id}-after`}
          data-testid="filter-modified-after"
          type="date"
          value={filter.modifiedAfter}
          aria-label="Modified on or after"
          onChange={e => setFilter({ modifiedAfter: e.target.value })}
        />
        <span aria-hidden="true">–</span>
        <input
          data-testid="filter-modified-before"
          type="date"
          value={filter.modifiedBefore}
          aria-label="Modified on or before"
          onChange={e => setFilter({ modifiedBefore: e.target.value })}
        />
        <label>
          <input
            type="checkbox"
            checked={filter.keepNoModified}
            onChange={e => setFilter({ keepNoModified: e.target.checked })}
            data-testid="filter-modified-keep-unannotated"
          />
          keep items without a date
        </label>
        <HiddenNote name="modified" hidden={hidden} />
      </div>
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
