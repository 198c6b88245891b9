// The picker's count line ("120 of 10,048 resources") from its message made once per language. The count changes
// with most keystrokes, and i18next makes a message with values afresh on every call (lookup, interpolation,
// formatter): the message is made with stand-ins for its numbers, which the `number` formatter passes through as
// they are, and the numbers are formatted and put in per render.
import { formatNumber } from '../../i18n/format';

/** The values to make the count's message with, once per language. */
export const countStandIns = { shown: '\u0001', total: '\u0002' };

export function countLine(template: string, shown: number, total: number, language: string): string {
  return template.replace(countStandIns.shown, formatNumber(shown, language)).replace(countStandIns.total, formatNumber(total, language));
}
