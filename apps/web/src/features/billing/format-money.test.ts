import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money';

describe('formatMoney', () => {
  it('groups thousands and always shows cents, keeping sub-cent precision the billing system sent', () => {
    expect(formatMoney(1500)).toBe('1,500.00');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(-12.5)).toBe('-12.50');
    expect(formatMoney(0.1234)).toBe('0.1234');
  });
});
