// Which annotation values count, one definition for the picker's columns (filters and sorts) and for the
// badges wherever annotations are shown (rows, templates, content parts). The spec: `priority` is a number
// from 0 to 1, `lastModified` an ISO 8601 timestamp, `audience` a list of "user" and "assistant". A value
// outside that is invalid: shown as such, and treated as absent (an item with an invalid priority sorts with
// the unannotated ones). The engine drops invalid values and reports them as `invalidAnnotations`; the
// checks here also catch any that reach the page, so the two never disagree on what is shown.
import { canonicalIsoMs, dayExists, type Annotations, type Audience, type InvalidAnnotation } from './contract';

/** The priority when it is a number in 0..1, else undefined. */
export function validPriority(value: unknown): number | undefined {
  return typeof value === 'number' && value >= 0 && value <= 1 ? value : undefined;
}

/**
 * A calendar date, optionally with a time (seconds and fraction optional) and then a zone (`Z` or ±hh:mm), each
 * part in its range. One test and a day count read from the digits, no allocation: every listed item's date goes
 * through it (a match array and its strings made it two to four times slower, 100k dates in Node).
 */
const ISO_8601 = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(?:T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d))?$/;


/**
 * Milliseconds since the epoch of a strict ISO 8601 date, or date-time with a zone; NaN for anything else.
 * `Date.parse` alone accepts far more: "March 7, 2024", "2025-02-30" (rolled into March), "T24:00", a
 * date-time without a zone (read as local time).
 */
export function parseIsoDate(text: string): number {
  // Nearly every date is written as toISOString writes it: read from its digits, without the expression.
  const canonical = canonicalIsoMs(text);
  if (!Number.isNaN(canonical)) return canonical;
  if (!ISO_8601.test(text)) return Number.NaN;
  const digit = (at: number) => text.charCodeAt(at) - 48;
  const year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3);
  return dayExists(year, digit(5) * 10 + digit(6), digit(8) * 10 + digit(9)) ? Date.parse(text) : Number.NaN;
}

/** The lastModified in ms epoch when it is a strict ISO 8601 date (`parseIsoDate`), else NaN. */
export function lastModifiedMs(value: unknown): number {
  return typeof value === 'string' ? parseIsoDate(value) : Number.NaN;
}

export const isAudience = (value: unknown): value is Audience => value === 'user' || value === 'assistant';

/** What a set of annotations shows: the valid values, and every invalid one (reported or found here), once per field. */
export interface AnnotationView {
  audience?: Audience[];
  priority?: number;
  /** The valid lastModified as sent, and as a calendar day. */
  lastModified?: string;
  day?: string;
  invalid: InvalidAnnotation[];
}

const rawText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));

export function annotationView(annotations: Annotations | undefined, reported: readonly InvalidAnnotation[] | undefined): AnnotationView {
  const invalid: InvalidAnnotation[] = [];
  const flag = (field: InvalidAnnotation['field'], value: unknown) => {
    if (!invalid.some(i => i.field === field)) invalid.push({ field, raw: rawText(value) });
  };
  for (const r of reported ?? []) flag(r.field, r.raw);
  const view: AnnotationView = { invalid };
  const a = annotations as Record<string, unknown> | undefined;
  if (a?.audience !== undefined) {
    const list = Array.isArray(a.audience) ? a.audience : [];
    const audience = list.filter(isAudience);
    if (audience.length) view.audience = audience;
    if (audience.length !== list.length || !Array.isArray(a.audience)) flag('audience', a.audience);
  }
  if (a?.priority !== undefined) {
    view.priority = validPriority(a.priority);
    if (view.priority === undefined) flag('priority', a.priority);
  }
  if (a?.lastModified !== undefined) {
    if (Number.isNaN(lastModifiedMs(a.lastModified))) flag('lastModified', a.lastModified);
    else {
      view.lastModified = a.lastModified as string;
      view.day = formatDay(view.lastModified);
    }
  }
  return view;
}

/** A lastModified as the badges show it, a calendar day (UTC); '' when it does not parse. */
function formatDay(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString().slice(0, 10);
}
