// Sizes, numbers, durations and dates through Intl in the language shown. Registered as i18next formatters, so a
// message says `{{size, bytes}}`, `{{ms, duration}}` or `{{count, number}}` and each language places and
// punctuates the value itself.
import type { i18n as I18n } from 'i18next';

const byteUnits = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

const numberFormats = new Map<string, Intl.NumberFormat>();

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** The cached formatter for `key`, built by `make` the first time. */
function cached<F>(formats: Map<string, F>, key: string, make: () => F): F {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/**
 * One Intl formatter per language and options: building one costs far more than formatting with it, and the
 * picker formats counts, sizes and durations on every keystroke's render.
 */
function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, `${language}\u0000${JSON.stringify(options)}`, () => new Intl.NumberFormat(language, options));
}

function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateTimeFormats, `${language}\u0000${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(language, options));
}

// The options a message may give `number` and `datetime` (`{{n, number(maximumFractionDigits: 2)}}`). i18next
// hands a formatter those merged with every value of the message, so its own cache (keyed on all of them)
// misses whenever another value in the message changes: a new Intl formatter per call. Only these keys are kept.
const numberOptionKeys = ['minimumIntegerDigits', 'minimumFractionDigits', 'maximumFractionDigits', 'minimumSignificantDigits', 'maximumSignificantDigits', 'useGrouping', 'notation', 'compactDisplay', 'signDisplay'] as const;
const dateTimeOptionKeys = ['dateStyle', 'timeStyle', 'year', 'month', 'day', 'weekday', 'hour', 'minute', 'second', 'fractionalSecondDigits', 'hourCycle', 'hour12', 'timeZone', 'timeZoneName'] as const;

function pick<K extends string>(options: unknown, keys: readonly K[]): Partial<Record<K, unknown>> {
  const picked: Partial<Record<K, unknown>> = {};
  if (typeof options !== 'object' || options === null) return picked;
  for (const key of keys) {
    const value = (options as Record<string, unknown>)[key];
    if (value !== undefined) picked[key] = value;
  }
  return picked;
}

/** A number as the `number` formatter writes it without options (`{{n, number}}`). */
export function formatNumber(value: number, language: string): string {
  return numberFormat(language, {}).format(value);
}

/** A byte count in binary steps (1 kB = 1,024 B), in the language's numbers and Intl's unit names for it. */
export function formatByteSize(bytes: number, language: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit++;
  }
  const maximumFractionDigits = unit === 0 || value >= 10 ? 0 : 1;
  // Intl's short names for the multiples ("1.5 kB", "1,5 kB"). The byte's short name reads "2 byte" (English,
  // Chinese), its long one takes a row's room ("222 bytes"): bytes are "222 B", the symbol beside the multiples'.
  if (unit === 0) return `${numberFormat(language, {}).format(value)} B`;
  return numberFormat(language, { style: 'unit', unit: byteUnits[unit], unitDisplay: 'short', maximumFractionDigits }).format(value);
}

const unitOf = (language: string, unit: string, value: number, pad = false) =>
  numberFormat(language, { style: 'unit', unit, unitDisplay: 'narrow', minimumIntegerDigits: pad ? 2 : 1 }).format(value);

/**
 * A compact duration for countdowns and ages, its two largest units in Intl's narrow names ("3m 05s", "2h 10m",
 * "3 分鐘 05 秒"); undefined under a second (the message says so in its own words: "<1s", "不到 1 秒").
 */
function compactDuration(ms: number, language: string, pair: (major: string, minor: string) => string): string | undefined {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 1) return undefined;
  if (s < 60) return unitOf(language, 'second', s);
  const m = Math.floor(s / 60);
  if (m < 60) return pair(unitOf(language, 'minute', m), unitOf(language, 'second', s % 60, true));
  const h = Math.floor(m / 60);
  if (h < 24) return pair(unitOf(language, 'hour', h), unitOf(language, 'minute', m % 60, true));
  return pair(unitOf(language, 'day', Math.floor(h / 24)), unitOf(language, 'hour', h % 24));
}

/** A round trip's time: milliseconds under a second ("3.3 ms"), seconds above ("1.50 sec"). */
function formatLatency(ms: number, language: string): string {
  const [value, unit, digits] = ms < 1000 ? [ms, 'millisecond', ms < 10 ? 1 : 0] : [ms / 1000, 'second', 2];
  return numberFormat(language, { style: 'unit', unit, unitDisplay: 'short', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

export function registerFormatters(i18n: I18n): void {
  i18n.services.formatter?.add('number', (value: unknown, language, options) =>
    typeof value === 'number' ? numberFormat(language ?? 'en', pick(options, numberOptionKeys) as Intl.NumberFormatOptions).format(value) : String(value)
  );
  i18n.services.formatter?.add('datetime', (value: unknown, language, options) =>
    typeof value === 'number' || value instanceof Date
      ? dateTimeFormat(language ?? 'en', pick(options, dateTimeOptionKeys) as Intl.DateTimeFormatOptions).format(value)
      : String(value)
  );
  i18n.services.formatter?.add('bytes', (value: unknown, language) => (typeof value === 'number' ? formatByteSize(value, language ?? 'en') : ''));
  i18n.services.formatter?.add('latency', (value: unknown, language) => (typeof value === 'number' ? formatLatency(value, language ?? 'en') : ''));
  i18n.services.formatter?.add('duration', (value: unknown, language) => {
    if (typeof value !== 'number') return '';
    const lng = language ?? 'en';
    return compactDuration(value, lng, (major, minor) => i18n.t('duration.pair', { lng, major, minor })) ?? i18n.t('duration.now', { lng });
  });
}
