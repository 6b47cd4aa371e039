// Amounts come in the currency the billing system names (docs/webhooks.md), ISO 4217, USD when it names none.
const moneyFormats = new Map<string, (amount: number) => string>();

function moneyFormatFor(currency: string): (amount: number) => string {
  let format = moneyFormats.get(currency);
  if (!format) {
    try {
      // The currency's own minimum digits (none for JPY, three for KWD), and up to four: the billing system's precision.
      const currencyFormat = new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: 4 });
      format = (amount) => currencyFormat.format(amount);
    } catch {
      // A code this browser does not know: the amount and the code rather than nothing.
      const plainFormat = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
      format = (amount) => `${plainFormat.format(amount)} ${currency}`;
    }
    moneyFormats.set(currency, format);
  }
  return format;
}

/** 1500, "USD" → "$1,500.00"; -12.5, "EUR" → "-€12.50"; 1500, "JPY" → "¥1,500". */
export function formatMoney(amount: number, currency: string): string {
  return moneyFormatFor(currency)(amount);
}

/** "EUR" → "Euro (EUR)". */
export function currencyName(currency: string): string {
  try {
    const name = new Intl.DisplayNames('en', { type: 'currency' }).of(currency);
    return name && name !== currency ? `${name} (${currency})` : currency;
  } catch {
    return currency;
  }
}
