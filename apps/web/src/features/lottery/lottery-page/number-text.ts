/** Decimal text of a number without trailing zeros (odds, the stake's units). */
export const decimal = (n: number, locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(n);
