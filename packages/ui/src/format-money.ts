const formats = new Map<string, Intl.NumberFormat>();

/**
 * Formats an amount held in integer minor units (cents) with two decimals, thousands separators and
 * the merchant's currency. Two decimals even for XOF: the platform shows every amount the same way.
 */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(key, format);
  }
  return format.format(minorUnits / 100);
}
