// Sizes, numbers and dates through Intl in the language shown. Registered as i18next formatters, so a message
// says `{{size, bytes}}` or `{{count, number}}` and each language places and punctuates the value itself.
import type { i18n as I18n } from 'i18next';

const byteUnits = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A byte count in binary steps (1 KB = 1,024 B) with Intl's unit names for the language. */
export function formatByteSize(bytes: number, language: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit++;
  }
  const maximumFractionDigits = unit === 0 || value >= 10 ? 0 : 1;
  // Short names for the multiples ("1.5 kB"); the byte itself in full, since its short form reads "2 byte".
  const unitDisplay = unit === 0 ? 'long' : 'short';
  return new Intl.NumberFormat(language, { style: 'unit', unit: byteUnits[unit], unitDisplay, maximumFractionDigits }).format(value);
}

export function registerFormatters(i18n: I18n): void {
  i18n.services.formatter?.add('bytes', (value: unknown, language) => (typeof value === 'number' ? formatByteSize(value, language ?? 'en') : ''));
}
