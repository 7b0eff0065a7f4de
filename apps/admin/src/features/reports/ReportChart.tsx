import { type DailyReport, toAmount, toMinor } from '@platform/contract';
import { formatMoney } from '@platform/ui/format-money.ts';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** The series drawn, with their colours (the design tokens' brand, warning and success hues). */
const series = [
  { key: 'deposits', stroke: '#1d7a47' },
  { key: 'withdrawals', stroke: '#b4541b' },
  { key: 'ggr', stroke: '#2457c5' },
] as const;

/**
 * Deposits, withdrawals and GGR per day as lines on uPlot (canvas, about 20 KB gzip, in this screen's
 * chunk only). Amounts are drawn in major units and labelled in the merchant's currency.
 */
export function ReportChart({ report, labels, locale }: { report: DailyReport; labels: Record<string, string>; locale: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const x = report.days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
    const data: uPlot.AlignedData = [x, ...series.map((s) => report.days.map((d) => toAmount(d[s.key], report.currency)))];
    const money = (v: number) => formatMoney(toMinor(v, report.currency), report.currency, locale);
    const plot = new uPlot(
      {
        width: Math.max(320, el.clientWidth),
        height: 260,
        // Room on the right for the last day's label.
        padding: [12, 36, 0, 0],
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
        scales: { x: { time: true } },
        axes: [
          {
            // Ticks on whole days only (a day, two, a week, a month apart), never hours.
            incrs: [1, 2, 7, 14, 30, 61, 91].map((d) => d * 86_400),
            values: (_u, ticks) =>
              ticks.map((t) => new Date(t * 1000).toLocaleDateString(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' })),
          },
          { size: 90, values: (_u, ticks) => ticks.map(money) },
        ],
        series: [
          { label: labels.day, value: (_u, t) => (t == null ? '' : new Date(t * 1000).toLocaleDateString(locale, { timeZone: 'UTC' })) },
          ...series.map((s) => ({
            label: labels[s.key],
            stroke: s.stroke,
            width: 2,
            points: { show: report.days.length <= 62 },
            value: (_u: uPlot, v: number | null) => (v == null ? '' : money(v)),
          })),
        ],
      },
      data,
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(320, el.clientWidth), height: 260 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [report, labels, locale]);
  return <div ref={box} className="report-chart" data-testid="report-chart" />;
}
