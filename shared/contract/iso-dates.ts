// Dates on the wire. Almost every server writes lastModified as `toISOString` does (`2026-01-02T03:04:05.006Z`):
// such a date travels to the page as its ms number (13 digits instead of a 26-byte string), which the page keeps
// as is and turns back into the same text only for the rows it shows. Any other form travels as sent.

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether the day exists in its month (`month` 1–12): Date.parse rolls 2025-02-30 over into March. */
export function dayExists(year: number, month: number, day: number): boolean {
  if (day <= 28) return true;
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= DAYS_IN_MONTH[month - 1] + (leap ? 1 : 0);
}

/** 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the dates `toISOString` writes in 24 characters. */
const CANONICAL_FIRST_MS = -62_167_219_200_000;
const CANONICAL_LAST_MS = 253_402_300_799_999;
/** 400 Gregorian years, in ms: the calendar repeats after it. */
const FOUR_CENTURIES_MS = 146_097 * 86_400_000;

/** Whether `ms` is a date `toISOString` writes in its 24-character form (whole ms, years 0000–9999). */
export const isCanonicalIsoMs = (ms: unknown): ms is number =>
  typeof ms === 'number' && Number.isInteger(ms) && ms >= CANONICAL_FIRST_MS && ms <= CANONICAL_LAST_MS;

/** `text[at..at+length)` as a decimal number, or -1 when a character there is not a digit. */
function digitsAt(text: string, at: number, length: number): number {
  let value = 0;
  for (let k = at; k < at + length; k++) {
    const digit = text.charCodeAt(k) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * The ms of `text` when it is exactly what `toISOString` writes (`2026-01-02T03:04:05.006Z`), else NaN: what
 * almost every server sends, read from its digits without a regular expression or a parse. Then
 * `new Date(ms).toISOString()` gives `text` back, so the page and the wire carry the number alone.
 */
export function canonicalIsoMs(text: string): number {
  if (text.length !== 24 || text.charCodeAt(23) !== 90 /* Z */ || text.charCodeAt(19) !== 46 /* . */ || text.charCodeAt(10) !== 84 /* T */) return Number.NaN;
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 /* - */ || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58 /* : */) return Number.NaN;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  const ms = digitsAt(text, 20, 3);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > 31 || !dayExists(year, month, day)) return Number.NaN;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 || ms < 0) return Number.NaN;
  // Date.UTC reads years 0–99 as 1900–1999: those are counted four centuries on, and brought back.
  return year < 100
    ? Date.UTC(year + 400, month - 1, day, hour, minute, second, ms) - FOUR_CENTURIES_MS
    : Date.UTC(year, month - 1, day, hour, minute, second, ms);
}
