import { describe, expect, it } from 'vitest';
import { canonicalIsoMs, isCanonicalIsoMs } from './iso-dates';

describe('canonicalIsoMs', () => {
  it('reads every date toISOString writes in 24 characters', () => {
    const edges = [Date.parse('0000-01-01T00:00:00.000Z'), Date.parse('0099-12-31T23:59:59.999Z'), Date.parse('0100-03-01T00:00:00.000Z'), Date.parse('9999-12-31T23:59:59.999Z')];
    const spread = Array.from({ length: 2000 }, (_, k) => Math.round(-62_000_000_000_000 + k * 157_700_000_003.7));
    for (const ms of [...edges, ...spread, Date.UTC(2024, 1, 29, 12), 0]) {
      const text = new Date(ms).toISOString();
      expect(canonicalIsoMs(text), text).toBe(ms);
      expect(Date.parse(text), text).toBe(ms);
      expect(isCanonicalIsoMs(ms)).toBe(true);
    }
  });

  it.each([
    '2025-01-12T15:00:58Z', // valid, but not as toISOString writes it: the text is kept
    '2025-01-12T15:00:58.123+00:00',
    '2025-02-29T00:00:00.000Z',
    '2025-02-30T00:00:00.000Z',
    '2025-04-31T00:00:00.000Z',
    '2025-01-12T24:00:00.000Z',
    '2025-01-12T23:60:00.000Z',
    '2025-01-12T23:59:60.000Z',
    '2025-00-12T00:00:00.000Z',
    '2025-01-00T00:00:00.000Z',
    '2025-01-12 15:00:58.000Z',
    '2025-01-12T15:00:58.00aZ',
    '+02025-01-12T15:00:58.0Z',
    '2025/01/12T15:00:58.000Z'
  ])('leaves %j to the strict parser (parseIsoDate)', text => {
    expect(canonicalIsoMs(text)).toBeNaN();
  });

  it.each([Number.NaN, 1.5, Date.parse('+010000-01-01T00:00:00.000Z'), Date.parse('-000001-12-31T23:59:59.999Z'), '0'])('says %j is not such a date', ms => {
    expect(isCanonicalIsoMs(ms)).toBe(false);
  });
});
