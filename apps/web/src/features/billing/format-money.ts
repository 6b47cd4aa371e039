// The billing system sends amounts in the customer's currency without naming it (docs/webhooks.md),
// so amounts are shown as plain decimals, never with a guessed currency symbol.
const moneyFormat = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** 1500 → "1,500.00"; -12.5 → "-12.50". */
export function formatMoney(amount: number): string {
  return moneyFormat.format(amount);
}
