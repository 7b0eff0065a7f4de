import { adminPaths, type DailyReport, type ReportDay, reportPaths } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import { formatMoney } from '@platform/ui/format-money.ts';
import { Loader } from '@platform/ui/Loader.tsx';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useLoad } from '../../api/use-load.ts';
import { locale } from '../../i18n/index.ts';
import { DataTable, type TableQuery } from '../../ui/DataTable.tsx';
import { fieldErrors } from '../../ui/field-errors.ts';
import { ReportChart } from './ReportChart.tsx';
import './texts.ts';
import '../../ui/screens.css';
import './reports.css';

const money = ['deposits', 'withdrawals', 'validStake', 'payout', 'ggr', 'bonuses', 'ngr'] as const;
const counts = ['bets', 'activePlayers'] as const;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A merchant's report per local day: the period's totals, a chart of deposits, withdrawals and GGR,
 * and the days in a table with CSV export. The server sums the daily statistics in one statement.
 */
export default function ReportsPage() {
  const { t } = useTranslation();
  const merchants = useLoad((signal) => api.get<{ list: { code: string }[] }>(adminPaths.merchants, { signal }), []);
  const [form, setForm] = useState(() => ({ merchant: '', from: isoDay(new Date(Date.now() - 13 * 86_400_000)), to: isoDay(new Date()) }));
  const [asked, setAsked] = useState<typeof form | null>(null);
  const [report, setReport] = useState<DailyReport | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  // The first merchant of the operator's scope is shown at once.
  const first = merchants.data?.list[0]?.code;
  useEffect(() => {
    if (first && !asked) {
      const start = { ...form, merchant: form.merchant || first };
      setForm(start);
      setAsked(start);
    }
  }, [first, asked, form]);

  useEffect(() => {
    if (!asked) return;
    const controller = new AbortController();
    setBusy(true);
    setErrors({});
    api
      .get<DailyReport>(reportPaths.daily, { signal: controller.signal, query: asked })
      .then(
        (r) => setReport(r),
        (err) => {
          if (controller.signal.aborted) return;
          setErrors(fieldErrors(t, err));
          setReport(null);
        },
      )
      .finally(() => !controller.signal.aborted && setBusy(false));
    return () => controller.abort();
  }, [asked, t]);

  const labels = useMemo(() => Object.fromEntries([...money, ...counts, 'day'].map((k) => [k, t(`reports.${k}`)])), [t]);
  const columns = useMemo<ColumnDef<ReportDay, unknown>[]>(() => {
    const currency = report?.currency ?? 'BRL';
    return [
      {
        id: 'day',
        accessorKey: 'day',
        header: t('reports.day'),
        enableSorting: false,
        cell: (c) => new Date(`${c.row.original.day}T12:00:00Z`).toLocaleDateString(locale(), { timeZone: 'UTC' }),
        meta: { csv: (d: ReportDay) => d.day },
      },
      ...money.map<ColumnDef<ReportDay, unknown>>((k) => ({
        id: k,
        accessorKey: k,
        header: labels[k],
        enableSorting: false,
        cell: (c) => (
          <span className={`num${c.row.original[k] < 0 ? ' debit' : ''}`}>{formatMoney(c.row.original[k], currency, locale())}</span>
        ),
      })),
      ...counts.map<ColumnDef<ReportDay, unknown>>((k) => ({
        id: k,
        accessorKey: k,
        header: labels[k],
        enableSorting: false,
        cell: (c) => <span className="num">{c.row.original[k].toLocaleString(locale())}</span>,
      })),
    ];
  }, [t, labels, report?.currency]);

  const load = useMemo(
    () => async (query: TableQuery) => {
      const days = [...(report?.days ?? [])].reverse();
      return { rows: days.slice(query.page * query.pageSize, (query.page + 1) * query.pageSize), total: days.length };
    },
    [report],
  );

  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  return (
    <div className="page">
      <h1 className="page__title">{t('nav.reports')}</h1>
      <form
        className="report-form"
        onSubmit={(e) => {
          e.preventDefault();
          setAsked({ ...form });
        }}
      >
        <label className={`table-filter${errors.merchant ? ' has-error' : ''}`}>
          {t('reports.merchant')}
          <select value={form.merchant} onChange={set('merchant')} data-testid="report-merchant">
            {(merchants.data?.list ?? []).map((m) => (
              <option key={m.code} value={m.code}>
                {m.code}
              </option>
            ))}
          </select>
        </label>
        <label className={`table-filter${errors.from ? ' has-error' : ''}`}>
          {t('reports.from')}
          <input type="date" value={form.from} onChange={set('from')} data-testid="report-from" />
          {errors.from ? <span className="field__error">{errors.from}</span> : null}
        </label>
        <label className={`table-filter${errors.to ? ' has-error' : ''}`}>
          {t('reports.to')}
          <input type="date" value={form.to} onChange={set('to')} data-testid="report-to" />
          {errors.to ? <span className="field__error">{errors.to}</span> : null}
        </label>
        <Button type="submit" busy={busy} data-testid="report-show">
          {t('reports.show')}
        </Button>
      </form>
      {errors.form ? (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      {!report ? (
        busy ? (
          <Loader label={t('app.loading')} />
        ) : null
      ) : (
        <>
          <section className="report-totals" aria-label={t('reports.totals')} data-testid="report-totals">
            {[...money.filter((k) => k !== 'validStake' && k !== 'payout'), ...counts].map((k) => (
              <div key={k} className="report-total">
                <span className="report-total__label">{labels[k]}</span>
                <strong className={`num${report.totals[k] < 0 ? ' debit' : ''}`} data-testid={`total-${k}`}>
                  {k === 'bets' || k === 'activePlayers'
                    ? report.totals[k].toLocaleString(locale())
                    : formatMoney(report.totals[k], report.currency, locale())}
                </strong>
              </div>
            ))}
          </section>
          <section className="report-card">
            <h2 className="section-title">{t('reports.chart')}</h2>
            <ReportChart report={report} labels={labels} locale={locale()} />
          </section>
          <DataTable
            id={`report-${report.merchant}-${report.from}-${report.to}`}
            columns={columns}
            load={load}
            version={report.days.length}
            rowTestId={(d) => `day-${d.day}`}
          />
          <p className="muted">{t('reports.source')}</p>
        </>
      )}
    </div>
  );
}
