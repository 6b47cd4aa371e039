import { describe, expect, it } from 'vitest';
import { isInvertedDayRange } from './day-range';

describe('isInvertedDayRange', () => {
  it('is inverted only when both days are given and the first is after the last', () => {
    expect(isInvertedDayRange('2026-11-02', '2026-11-01')).toBe(true);
    expect(isInvertedDayRange('2026-10-31', '2026-11-01')).toBe(false);
  });

  it('takes a single day as a whole range', () => {
    expect(isInvertedDayRange('2026-11-01', '2026-11-01')).toBe(false);
  });

  it('takes an open end as no bound', () => {
    expect(isInvertedDayRange('2026-11-02', undefined)).toBe(false);
    expect(isInvertedDayRange(undefined, '2026-11-01')).toBe(false);
    expect(isInvertedDayRange('', '2026-11-01')).toBe(false);
  });

  it('orders days across months and years', () => {
    expect(isInvertedDayRange('2027-01-01', '2026-12-31')).toBe(true);
    expect(isInvertedDayRange('2026-09-30', '2026-10-01')).toBe(false);
  });
});
