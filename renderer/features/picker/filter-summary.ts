// The collapsed filter bar's one line ("audience: user · priority ≥ 0.5 · 2 hidden"), as translated parts.
import type { TFunction } from 'i18next';
import { isFilterActive, type AnnotationFilter } from '../../../shared/picker/filters';

/** The active filters, one phrase each, then how many items they hide together (when any). */
export function filterSummaryParts(filter: AnnotationFilter, hiddenTotal: number, t: TFunction<'picker'>, language: string): string[] {
  const parts: string[] = [];
  if (isFilterActive(filter, 'audience')) {
    const names = (['user', 'assistant', 'none'] as const)
      .filter(k => filter.audience[k])
      .map(k => t(`filters.summary.audience${k === 'user' ? 'User' : k === 'assistant' ? 'Assistant' : 'None'}`));
    parts.push(t('filters.summary.audience', { list: new Intl.ListFormat(language, { type: 'disjunction' }).format(names) }));
  }
  if (isFilterActive(filter, 'priority')) {
    const { priorityMin: min, priorityMax: max } = filter;
    parts.push(min > 0 && max < 1 ? t('filters.summary.priorityBetween', { min, max }) : min > 0 ? t('filters.summary.priorityAtLeast', { min }) : t('filters.summary.priorityAtMost', { max }));
  }
  if (isFilterActive(filter, 'modified')) {
    const after = filter.modifiedAfter.trim();
    const before = filter.modifiedBefore.trim();
    parts.push(after && before ? t('filters.summary.modifiedBetween', { after, before }) : after ? t('filters.summary.modifiedAfter', { date: after }) : t('filters.summary.modifiedBefore', { date: before }));
  }
  if (hiddenTotal > 0) parts.push(t('filters.summary.hidden', { count: hiddenTotal }));
  return parts;
}
