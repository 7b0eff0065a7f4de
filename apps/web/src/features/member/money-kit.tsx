import { type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlatformContext } from '../../app/providers/platform-context.ts';
import { errorText } from '../../i18n/error-text.ts';
import { bcp47, textLanguage } from '../../i18n/languages.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { TextField } from '../../ui/form.tsx';
import { formatMajor } from '../../ui/format-money.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { parseAmount } from './amount.ts';
import type { Period, PeriodQuery } from './money-api.ts';
import { usePagerLabels } from './use-pager-labels.ts';

export { type Fields, fieldTexts, owedText } from './field-texts.ts';
export { parseAmount };

/**
 * A form's field messages, each cleared as soon as its field is edited (the form's onChange sees
 * every input by its name), so a corrected field stops showing its old problem.
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const onChange = useCallback((event: { target: EventTarget }) => {
    const name = (event.target as HTMLInputElement).name;
    if (name) setErrors((e) => (e[name] ? { ...e, [name]: null } : e));
  }, []);
  return [errors, setErrors, onChange] as const;
}

/** Formats amounts of the API (major units) in the merchant's currency, with its own decimals, and the reader's language. */
export function useMoney(currency: string | undefined) {
  const { i18n } = useTranslation();
  const locale = bcp47(textLanguage(i18n.language));
  // Until the page's own read names the currency, the merchant's (a member's money is in it): amounts
  // never show as bare numbers while the balance loads.
  const merchantCurrency = useContext(PlatformContext)?.merchant.currency;
  const shown = currency ?? merchantCurrency;
  return useCallback((amount: number) => (shown ? formatMajor(amount, shown, locale) : String(amount)), [shown, locale]);
}

/** Reads typed amounts in the currency's own decimals and the reader's separators (see parseAmount). */
export function useAmountParser(currency: string | undefined) {
  const { i18n } = useTranslation();
  const locale = bcp47(textLanguage(i18n.language));
  return useCallback((text: string) => parseAmount(text, currency, locale), [currency, locale]);
}

/** Loads something for a page and reloads it when `deps` change or `reload()` is called; the error is translated. */
export function useLoad<V>(load: () => Promise<V>, deps: readonly unknown[]) {
  const { t } = useTranslation();
  const [value, setValue] = useState<V | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the load depends on
  useEffect(() => {
    let live = true;
    setError(null);
    load().then(
      (v) => live && setValue(v),
      (err: unknown) => live && setError(errorText(t, err)),
    );
    return () => {
      live = false;
    };
  }, [...deps, version]);
  return { value, error, reload: useCallback(() => setVersion((v) => v + 1), []) };
}

const periods: Period[] = ['today', 'yesterday', 'past7', 'past30', 'custom'];
const day = 86_400_000;
const dateInput = (ms: number) => new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/** The records' date presets, and a from/to pair of dates for a custom range (local days, the end included). */
export function PeriodPicker({ value, onChange }: { value: PeriodQuery; onChange: (q: PeriodQuery) => void }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(() => dateInput(Date.now() - 6 * day));
  const [to, setTo] = useState(() => dateInput(Date.now()));
  const custom = (f: string, e: string) => {
    const start = new Date(`${f}T00:00:00`).getTime();
    const end = new Date(`${e}T00:00:00`).getTime() + day;
    if (Number.isFinite(start) && Number.isFinite(end) && end > start) onChange({ period: 'custom', from: start, to: end });
  };
  return (
    <fieldset className="money-filter" aria-label={t('records.period')}>
      {periods.map((p) => (
        <button
          key={p}
          type="button"
          className={`chip-btn${value.period === p ? ' is-active' : ''}`}
          aria-pressed={value.period === p}
          data-testid={`period-${p}`}
          onClick={() => (p === 'custom' ? custom(from, to) : onChange({ period: p }))}
        >
          {t(`records.periods.${p}`)}
        </button>
      ))}
      {value.period === 'custom' ? (
        <span className="money-filter__dates">
          <input
            type="date"
            className="field__input"
            aria-label={t('records.from')}
            value={from}
            max={to}
            onChange={(e) => {
              setFrom(e.target.value);
              custom(e.target.value, to);
            }}
          />
          <input
            type="date"
            className="field__input"
            aria-label={t('records.to')}
            value={to}
            min={from}
            onChange={(e) => {
              setTo(e.target.value);
              custom(from, e.target.value);
            }}
          />
        </span>
      ) : null}
    </fieldset>
  );
}

/** A status as a coloured label (pending, approved, paid...). */
export function StatusBadge({ status, text }: { status: string; text: string }) {
  return (
    <span className={`money-status money-status--${status}`} data-status={status} data-testid="money-status">
      {text}
    </span>
  );
}

/** A row of the page's figures: label above, amount below in tabular figures. */
export function Figures({ items }: { items: { label: string; value: string; testId?: string; tone?: 'in' | 'out' }[] }) {
  return (
    <dl className="money-figures">
      {items.map((i) => (
        <div key={i.label} className="money-figures__item">
          <dt>{i.label}</dt>
          <dd className={i.tone ? `is-${i.tone}` : undefined} data-testid={i.testId}>
            {i.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The payment password of a money form (six digits, never remembered by the browser). */
export function PaymentPasswordField({ value, onValue, error }: { value: string; onValue: (v: string) => void; error?: string | null }) {
  const { t } = useTranslation();
  return (
    <TextField
      name="paymentPassword"
      label={t('withdraw.paymentPassword')}
      value={value}
      onValue={onValue}
      error={error}
      type="password"
      inputMode="numeric"
      maxLength={6}
      autoComplete="off"
      required
    />
  );
}

/** A column of a RecordTable: its heading, and what each row shows in it. */
export interface RecordColumn<R> {
  head: ReactNode;
  cell: (row: R) => ReactNode;
  /** On the heading and the cells ('num' aligns amounts). */
  className?: string;
  /** On the cells only. */
  cellClassName?: string;
}

/** A page of records: the table, or the empty state, and the pages under it. */
export function RecordTable<R>({
  rows,
  columns,
  rowKey,
  rowAttributes,
  page,
  pageCount,
  onPage,
  empty,
  testId,
}: {
  rows: R[];
  columns: RecordColumn<R>[];
  rowKey: (row: R) => string;
  /** data-* attributes of a row, for tests and styles. */
  rowAttributes?: (row: R) => Record<`data-${string}`, string>;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** The empty state's title (records.empty by default). */
  empty?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const labels = usePagerLabels();
  const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ') || undefined;
  return (
    <>
      {rows.length === 0 ? (
        <EmptyState title={empty ?? t('records.empty')} />
      ) : (
        <div className="table-wrap">
          <table className="money-table" data-testid={testId}>
            <thead>
              <tr>
                {columns.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed by the page
                  <th key={i} scope="col" className={c.className}>
                    {c.head}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} {...rowAttributes?.(row)}>
                  {columns.map((c, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed by the page
                    <td key={i} className={classes(c.className, c.cellClassName)}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} onChange={onPage} labels={labels} />
    </>
  );
}
