import { describe, expect, it } from 'vitest';
import { currencyName, formatMoney } from './format-money';

describe('formatMoney', () => {
  it('formats amounts in their currency, with its own decimals, keeping sub-cent precision the billing system sent', () => {
    expect(formatMoney(1500, 'USD')).toBe('$1,500.00');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(-12.5, 'EUR')).toBe('-€12.50');
    expect(formatMoney(0.1234, 'EUR')).toBe('€0.1234');
    expect(formatMoney(1500, 'JPY')).toBe('¥1,500');
    expect(formatMoney(1500.5, 'KWD')).toBe('KWD\u00a01,500.500');
    expect(formatMoney(1190, 'CHF')).toBe('CHF\u00a01,190.00');
  });

  it('still shows an amount whose currency code the browser does not know', () => {
    expect(formatMoney(1500, 'ZZZ1')).toBe('1,500.00 ZZZ1');
  });
});

describe('currencyName', () => {
  it('names the currency with its code', () => {
    expect(currencyName('EUR')).toBe('Euro (EUR)');
    expect(currencyName('USD')).toBe('US Dollar (USD)');
  });
});
