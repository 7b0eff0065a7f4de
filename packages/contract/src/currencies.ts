/**
 * Currencies as data (decision 0019). Every amount inside the platform is an integer of the
 * currency's own minor unit: centavos for BRL (exponent 2), whole francs for XOF (exponent 0, ISO
 * 4217 has no smaller unit). The API edge speaks major units (a number such as 12.5 or 5000); the
 * ledger, the games and the site convert through this table only, so nothing assumes two decimals.
 */
export interface Currency {
  /** ISO 4217 code. */
  code: string;
  /** ISO 4217 exponent: digits after the decimal point (0 for XOF, 2 for BRL). */
  exponent: number;
  /** What a reader sees next to an amount, per language of the site; the locale's number format places it. */
  symbol: Readonly<Record<string, string>>;
  /** Amounts are multiples of this many minor units (1: any minor unit). */
  rounding: number;
  /** Default stakes of the mini-games and crash, in minor units (a merchant without its own ladder gets these). */
  stakes: readonly number[];
  /** Default bets per line of the 20-line slots, in minor units (totals: 20 times these). */
  lineBets: readonly number[];
  /**
   * Minor units from which a manual balance adjustment waits for a second operator, for a merchant
   * that set no threshold of its own: about US$ 200 worth in every currency (decision 0047).
   */
  adjustmentApproval: number;
}

/** Ladders of a currency with whole units worth little (XOF, VND: slot totals 100 to 50 000). */
const wholeUnitLadders = {
  stakes: [50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000],
  lineBets: [5, 10, 25, 50, 100, 250, 500, 1_000, 2_500],
};
/** Ladders of a two-decimal currency (BRL: slot totals R$ 0,20 to R$ 500). */
const centLadders = { stakes: [10, 50, 100, 200, 500, 1_000, 5_000], lineBets: [1, 2, 5, 10, 20, 50, 100, 250, 500, 1_000, 2_500] };

const table: readonly Currency[] = [
  { code: 'XOF', exponent: 0, symbol: { default: 'F\u202fCFA' }, rounding: 1, ...wholeUnitLadders, adjustmentApproval: 100_000 },
  { code: 'XAF', exponent: 0, symbol: { default: 'FCFA' }, rounding: 1, ...wholeUnitLadders, adjustmentApproval: 100_000 },
  { code: 'BRL', exponent: 2, symbol: { default: 'R$' }, rounding: 1, ...centLadders, adjustmentApproval: 100_000 },
  { code: 'USD', exponent: 2, symbol: { default: 'US$', EN: '$' }, rounding: 1, ...centLadders, adjustmentApproval: 20_000 },
  { code: 'EUR', exponent: 2, symbol: { default: '€' }, rounding: 1, ...centLadders, adjustmentApproval: 20_000 },
  { code: 'CNY', exponent: 2, symbol: { default: 'CN¥', CN: '¥' }, rounding: 1, ...centLadders, adjustmentApproval: 150_000 },
  { code: 'VND', exponent: 0, symbol: { default: '₫' }, rounding: 1, ...wholeUnitLadders, adjustmentApproval: 5_000_000 },
  { code: 'IDR', exponent: 2, symbol: { default: 'Rp' }, rounding: 1, ...centLadders, adjustmentApproval: 300_000_000 },
];

/** Every currency the platform knows, by code. */
export const currencies: ReadonlyMap<string, Currency> = new Map(table.map((c) => [c.code, c]));

/** The currency of a code; an unknown one is refused (a merchant's currency is always in the table). */
export function currencyOf(code: string): Currency {
  const c = currencies.get(code);
  if (!c) throw new Error(`unknown currency ${code}`);
  return c;
}

const scale = (code: string) => 10 ** currencyOf(code).exponent;

/** Minor units to the API edge's amount in major units (XOF: the same number; BRL: cents / 100). */
export const toAmount = (minor: number, currency: string): number => minor / scale(currency);

/** The edge's amount to minor units, rounded to the nearest (see `isWholeMinor` to refuse instead). */
export const toMinor = (amount: number, currency: string): number => Math.round(amount * scale(currency));

/** Whether an edge amount is a whole number of the currency's minor units (0.5 F CFA is not). */
export function isWholeMinor(amount: number, currency: string): boolean {
  const c = currencyOf(currency);
  const minor = amount * 10 ** c.exponent;
  const whole = Math.round(minor);
  return Math.abs(minor - whole) < 1e-6 && whole % c.rounding === 0;
}

// Display strings

const formats = new Map<string, Intl.NumberFormat>();

function formatOf(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    const { exponent } = currencyOf(currency);
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    });
    formats.set(key, format);
  }
  return format;
}

/** The symbol shown for a currency in a language of the site (EN PT FR CN VI ID; BCP 47 tags accepted). */
export function currencySymbol(currency: string, language: string): string {
  const { symbol } = currencyOf(currency);
  const upper = language.toUpperCase();
  const site = upper.startsWith('ZH') ? 'CN' : upper.slice(0, 2);
  return symbol[site] ?? symbol.default ?? currency;
}

/**
 * An amount in minor units as a reader writes it: the locale's separators and sign, exactly the
 * currency's decimals (none for XOF), and the table's symbol where the locale puts one.
 */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const symbol = currencySymbol(currency, locale);
  return formatOf(currency, locale)
    .formatToParts(minor / scale(currency))
    .map((p) => (p.type === 'currency' ? symbol : p.value))
    .join('');
}

/** The same amount without the symbol, for an input field or a stake button. */
export function formatAmount(minor: number, currency: string, locale: string): string {
  return formatOf(currency, locale)
    .formatToParts(minor / scale(currency))
    .filter((p) => p.type !== 'currency')
    .map((p) => p.value)
    .join('')
    .trim();
}

function separators(locale: string): { decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(1.5);
  return { decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
}

export type MoneyProblem = 'validation.required' | 'validation.amount_invalid' | 'validation.amount_decimals';

/**
 * Reads an amount a person typed or the site showed ("5 000 F CFA", "R$ 0,20", "1,234.56") into
 * minor units of the currency, or the translation key of what is wrong with it. The locale's decimal
 * sign is the decimal sign; the other of "." and "," counts as one too when it is the only sign and
 * is followed by one to `exponent` digits (a French reader typing 0.20), otherwise as grouping. More
 * decimals than the currency has (0,5 F CFA) are refused, never rounded.
 */
export function parseMoney(text: string, currency: string, locale: string): { minor: number } | { problem: MoneyProblem } {
  const { exponent, rounding } = currencyOf(currency);
  const { decimal } = separators(locale);
  const blank = /[\s\u00a0\u202f]/g;
  let value = text
    .replace(blank, '')
    .replace(currencySymbol(currency, locale).replace(blank, ''), '')
    .replace(new RegExp(currency, 'i'), '')
    .replace(/\u2212/g, '-');
  if (!value) return { problem: 'validation.required' };
  const negative = value.startsWith('-');
  if (negative) value = value.slice(1);
  // The decimal sign: the locale's, or the other of "." and "," alone and not followed by a group of three.
  const other = decimal === ',' ? '.' : ',';
  let point = decimal;
  const pieces = value.split(other);
  if (!value.includes(decimal) && pieces.length === 2 && /^\d{1,2}$/.test(pieces[1] ?? '')) point = other;
  const [whole = '', fraction, extra] = value.split(point);
  if (extra !== undefined) return { problem: 'validation.amount_invalid' };
  // Whatever separates the whole part is grouping (",", ".", apostrophes); the digits must remain.
  const wholeDigits = whole.replace(/[.,'\u2019]/g, '');
  if (!/^\d+$/.test(wholeDigits) || (fraction !== undefined && !/^\d+$/.test(fraction))) return { problem: 'validation.amount_invalid' };
  const frac = (fraction ?? '').replace(/0+$/, '');
  if (frac.length > exponent) return { problem: 'validation.amount_decimals' };
  const minor = Number(wholeDigits) * 10 ** exponent + Number(frac.padEnd(exponent, '0') || '0');
  if (!Number.isSafeInteger(minor)) return { problem: 'validation.amount_invalid' };
  if (minor % rounding !== 0) return { problem: 'validation.amount_decimals' };
  return { minor: negative ? -minor : minor };
}
