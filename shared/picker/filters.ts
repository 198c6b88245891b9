// Annotation filters for the picker: audience, priority range, lastModified range.
// Items lacking an annotation are never dropped silently: each filter reports how many it hides,
// and how many of those lack the annotation altogether.
import type { PickerColumns } from './columns';
import { AUDIENCE_ASSISTANT, AUDIENCE_USER } from './columns';

export interface AnnotationFilter {
  /** Audience toggles. None pressed means no audience filtering. `none` admits items without an audience. */
  audience: { user: boolean; assistant: boolean; none: boolean };
  /** Inclusive priority range, 0..1. The full range means no priority filtering. */
  priorityMin: number;
  priorityMax: number;
  /** Keep items without a priority while the priority range is narrowed. */
  keepNoPriority: boolean;
  /** Inclusive lastModified range as ISO dates (YYYY-MM-DD, UTC days) or full ISO timestamps; '' means open. */
  modifiedAfter: string;
  modifiedBefore: string;
  /** Keep items without (or with an unparseable) lastModified while a date range is set. */
  keepNoModified: boolean;
}

export const defaultAnnotationFilter: AnnotationFilter = {
  audience: { user: false, assistant: false, none: false },
  priorityMin: 0,
  priorityMax: 1,
  keepNoPriority: false,
  modifiedAfter: '',
  modifiedBefore: '',
  keepNoModified: false
};

export type FilterName = 'audience' | 'priority' | 'modified';

interface HiddenCount {
  /** Items (among the search matches) this filter rejects, whatever the other filters say. */
  hidden: number;
  /** Of those, how many lack the annotation this filter looks at. */
  unannotated: number;
}

export type HiddenCounts = Record<FilterName, HiddenCount>;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const dayMs = 86_400_000;

/** A date bound that is not a date; `value` is what was typed, for the page to quote in its own words. */
export class NotADateError extends RangeError {
  constructor(readonly value: string) {
    super(`Not a date: "${value}" (use YYYY-MM-DD or an ISO timestamp)`);
    this.name = 'NotADateError';
  }
}

/** Parses a range bound; a bare date covers the whole UTC day (start for `after`, end for `before`). */
export function parseDateBound(value: string, edge: 'after' | 'before'): number | undefined {
  const text = value.trim();
  if (!text) return undefined;
  const ms = Date.parse(dayPattern.test(text) ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(ms)) throw new NotADateError(value);
  return dayPattern.test(text) && edge === 'before' ? ms + dayMs - 1 : ms;
}

export function isFilterActive(filter: AnnotationFilter, name: FilterName): boolean {
  if (name === 'audience') return filter.audience.user || filter.audience.assistant || filter.audience.none;
  if (name === 'priority') return filter.priorityMin > 0 || filter.priorityMax < 1;
  return filter.modifiedAfter.trim() !== '' || filter.modifiedBefore.trim() !== '';
}

/** One compiled test per active filter, each answering "does item i pass?". */
interface CompiledFilter {
  name: FilterName;
  passes(i: number): boolean;
  lacksAnnotation(i: number): boolean;
}

/** Passes values in [min, max]; an item without the annotation (NaN in the column) passes only if `keep`. */
function rangeFilter(name: FilterName, column: readonly number[], min: number, max: number, keep: boolean): CompiledFilter {
  return {
    name,
    passes: i => (Number.isNaN(column[i]) ? keep : column[i] >= min && column[i] <= max),
    lacksAnnotation: i => Number.isNaN(column[i])
  };
}

function compile(filter: AnnotationFilter, columns: PickerColumns): CompiledFilter[] {
  const compiled: CompiledFilter[] = [];
  if (isFilterActive(filter, 'audience')) {
    const wanted = (filter.audience.user ? AUDIENCE_USER : 0) | (filter.audience.assistant ? AUDIENCE_ASSISTANT : 0);
    const admitNone = filter.audience.none;
    const { audience } = columns;
    compiled.push({
      name: 'audience',
      passes: i => (audience[i] === 0 ? admitNone : (audience[i] & wanted) !== 0),
      lacksAnnotation: i => audience[i] === 0
    });
  }
  if (isFilterActive(filter, 'priority')) {
    const min = Math.min(filter.priorityMin, filter.priorityMax);
    const max = Math.max(filter.priorityMin, filter.priorityMax);
    compiled.push(rangeFilter('priority', columns.priority, min, max, filter.keepNoPriority));
  }
  if (isFilterActive(filter, 'modified')) {
    const after = parseDateBound(filter.modifiedAfter, 'after') ?? -Infinity;
    const before = parseDateBound(filter.modifiedBefore, 'before') ?? Infinity;
    compiled.push(rangeFilter('modified', columns.modified, after, before, filter.keepNoModified));
  }
  return compiled;
}

function emptyCounts(): HiddenCounts {
  return {
    audience: { hidden: 0, unannotated: 0 },
    priority: { hidden: 0, unannotated: 0 },
    modified: { hidden: 0, unannotated: 0 }
  };
}

/**
 * Whether item i passes every active filter, one item at a time; undefined when none is active. Throws
 * NotADateError for an unparseable date bound, as `applyAnnotationFilter` does.
 */
export function annotationTest(columns: PickerColumns, filter: AnnotationFilter): ((i: number) => boolean) | undefined {
  const compiled = compile(filter, columns);
  if (compiled.length === 0) return undefined;
  return i => compiled.every(f => f.passes(i));
}

/**
 * Keeps the indices (in the given order) that pass every active filter, and counts per filter what it hides.
 * With no filter active (the default), `order` is returned as it is when it is a Uint32Array: the caller must
 * not change either. Throws RangeError for an unparseable date bound, so the UI can say which input is wrong.
 */
export function applyAnnotationFilter(
  columns: PickerColumns,
  order: ArrayLike<number>,
  filter: AnnotationFilter
): { idxs: Uint32Array; hidden: HiddenCounts } {
  const compiled = compile(filter, columns);
  const hidden = emptyCounts();
  if (compiled.length === 0) return { idxs: order instanceof Uint32Array ? order : Uint32Array.from(order), hidden };
  const idxs = new Uint32Array(order.length);
  let kept = 0;
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    let ok = true;
    for (const f of compiled) {
      if (!f.passes(i)) {
        ok = false;
        const count = hidden[f.name];
        count.hidden++;
        if (f.lacksAnnotation(i)) count.unannotated++;
      }
    }
    if (ok) idxs[kept++] = i;
  }
  return { idxs: idxs.subarray(0, kept), hidden };
}
