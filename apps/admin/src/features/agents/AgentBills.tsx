import {
  type Bill,
  type BillPage,
  billKinds,
  billStatuses,
  type CommissionLine,
  type CommissionPage,
  settlementAdminPaths,
} from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { DataTable, type TableQuery } from '../../ui/DataTable.tsx';
import { dateTime, moneyIn, percent } from './format.ts';
import { readPage } from './paging.ts';

const ranges = ['today', 'yesterday', 'past7', 'past30'] as const;
const billTone: Record<Bill['status'], string> = { paid: 'on', partly_paid: 'warn', insufficient_balance: 'warn', below_threshold: 'off' };

/**
 * The agent's salary and dividend bills (or its team's) as the settlement wrote them, with the
 * totals of the filter; a bill opens its commission lines, which add up to its amount.
 */
export function AgentBills({ merchant, account, currency }: { merchant: string; account: string; currency: string }) {
  const { t } = useTranslation();
  const money = useMemo(() => moneyIn(currency), [currency]);
  const [totals, setTotals] = useState<BillPage['totals'] | null>(null);
  const [bill, setBill] = useState<Bill | null>(null);
  const [side, setSide] = useState<'mine' | 'team'>('mine');
  const [range, setRange] = useState<(typeof ranges)[number]>('past30');

  const load = useMemo(
    () => async (query: TableQuery, signal: AbortSignal) => {
      let sums: BillPage['totals'] | null = null;
      const page = await readPage(query.page, query.pageSize, async (pageNo, pageSize) => {
        const answer = await api.get<BillPage>(settlementAdminPaths.bills, {
          signal,
          params: { code: merchant },
          query: {
            account,
            team: side === 'team' ? 'true' : 'false',
            kind: query.filters.kind,
            status: query.filters.status,
            period: range,
            pageNo,
            pageSize,
          },
        });
        sums = answer.totals;
        return answer;
      });
      setTotals(sums);
      return page;
    },
    [merchant, account, side, range],
  );

  const columns = useMemo<ColumnDef<Bill, unknown>[]>(() => {
    const amount = (key: keyof Bill, header: string): ColumnDef<Bill, unknown> => ({
      id: key,
      accessorKey: key,
      header,
      enableSorting: false,
      cell: (c) => <span className="num">{money(c.row.original[key] as number)}</span>,
    });
    return [
      { id: 'period', accessorKey: 'period', header: t('agents.period'), enableSorting: false },
      {
        id: 'kind',
        accessorKey: 'kind',
        header: t('agents.kind'),
        enableSorting: false,
        cell: (c) => t(`agents.kind_${c.row.original.kind}`),
      },
      { id: 'account', accessorKey: 'account', header: t('agents.account'), enableSorting: false },
      {
        id: 'payer',
        accessorKey: 'payer',
        header: t('agents.payer'),
        enableSorting: false,
        cell: (c) => c.row.original.payer || t('agents.platform'),
      },
      amount('teamTurnover', t('agents.teamTurnover')),
      amount('teamLoss', t('agents.teamLoss')),
      {
        id: 'activeMembers',
        accessorKey: 'activeMembers',
        header: t('agents.active'),
        enableSorting: false,
        cell: (c) => <span className="num">{c.row.original.activeMembers}</span>,
      },
      {
        id: 'ratioBp',
        accessorKey: 'ratioBp',
        header: t('agents.ratio'),
        enableSorting: false,
        cell: (c) => <span className="num">{c.row.original.tier === null ? '—' : percent(c.row.original.ratioBp)}</span>,
      },
      amount('amount', t('agents.amount')),
      amount('paid', t('agents.paid')),
      amount('downlinePaid', t('agents.downlinePaid')),
      amount('net', t('agents.net')),
      {
        id: 'status',
        accessorKey: 'status',
        header: t('agents.status'),
        enableSorting: false,
        cell: (c) => (
          <span className={`badge badge--${billTone[c.row.original.status]}`} data-testid="bill-status">
            {t(`agents.billStatus_${c.row.original.status}`)}
          </span>
        ),
      },
      {
        id: 'settledAt',
        accessorKey: 'settledAt',
        header: t('agents.settledAt'),
        enableSorting: false,
        cell: (c) => dateTime(c.row.original.settledAt),
        meta: { csv: (b: Bill) => new Date(b.settledAt).toISOString() },
      },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        enableHiding: false,
        cell: (c) => (
          <Button size="sm" variant="outline" onClick={() => setBill(c.row.original)} data-testid={`bill-lines-${c.row.original.id}`}>
            {t('agents.lines')}
          </Button>
        ),
      },
    ];
  }, [t, money]);

  return (
    <div className="stack">
      <div className="bill-choices">
        <Segments
          label={t('agents.billsOf')}
          value={side}
          options={[
            { value: 'mine', label: t('agents.billsMine') },
            { value: 'team', label: t('agents.billsTeam') },
          ]}
          onChange={(v) => {
            setSide(v as 'mine' | 'team');
            setBill(null);
          }}
          testId="bills-side"
        />
        <Segments
          label={t('agents.range')}
          value={range}
          options={ranges.map((r) => ({ value: r, label: t(`agents.range_${r}`) }))}
          onChange={(v) => {
            setRange(v as (typeof ranges)[number]);
            setBill(null);
          }}
          testId="bills-range"
        />
      </div>
      <DataTable
        key={`${side}:${range}`}
        id="agent-bills"
        columns={columns}
        load={load}
        pageSize={25}
        rowTestId={(b) => `bill-${b.account}-${b.kind}-${b.period}`}
        filters={[
          { id: 'kind', label: t('agents.kind'), options: billKinds.map((k) => ({ value: k, label: t(`agents.kind_${k}`) })) },
          { id: 'status', label: t('agents.status'), options: billStatuses.map((s) => ({ value: s, label: t(`agents.billStatus_${s}`) })) },
        ]}
      />
      {totals ? (
        <p className="muted" data-testid="bill-totals">
          {t('agents.totals', {
            amount: money(totals.amount),
            paid: money(totals.paid),
            downlinePaid: money(totals.downlinePaid),
            net: money(totals.net),
          })}
        </p>
      ) : null}
      {bill ? <BillLines key={bill.id} merchant={merchant} bill={bill} money={money} /> : null}
    </div>
  );
}

/** A choice of a few, shown all at once (the withdrawals screen's segments). */
function Segments({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <fieldset className="segments" data-testid={testId}>
      <legend className="visually-hidden">{label}</legend>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          className={`segment${o.value === value ? ' is-active' : ''}`}
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
          data-testid={`${testId}-${o.value}`}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}

/** One bill's commission lines: each team member's figures and share; their sum is the bill's amount. */
function BillLines({ merchant, bill, money }: { merchant: string; bill: Bill; money: (amount: number) => string }) {
  const { t } = useTranslation();
  const [total, setTotal] = useState<number | null>(null);
  const load = useMemo(
    () => async (query: TableQuery, signal: AbortSignal) => {
      let sum = 0;
      const page = await readPage(query.page, query.pageSize, async (pageNo, pageSize) => {
        const answer = await api.get<CommissionPage>(settlementAdminPaths.commissions, {
          signal,
          params: { code: merchant },
          query: { billId: bill.id, pageNo, pageSize },
        });
        sum = answer.total;
        return answer;
      });
      setTotal(sum);
      return page;
    },
    [merchant, bill.id],
  );
  const columns = useMemo<ColumnDef<CommissionLine, unknown>[]>(
    () => [
      {
        id: 'account',
        accessorKey: 'account',
        header: t('agents.member'),
        enableSorting: false,
        cell: (c) => (c.row.original.level === 0 ? `${c.row.original.account} (${t('agents.self')})` : c.row.original.account),
      },
      {
        id: 'level',
        accessorKey: 'level',
        header: t('agents.level'),
        enableSorting: false,
        cell: (c) => <span className="num">{c.row.original.level}</span>,
      },
      { id: 'via', accessorKey: 'via', header: t('agents.via'), enableSorting: false, cell: (c) => c.row.original.via || '—' },
      {
        id: 'turnover',
        accessorKey: 'turnover',
        header: t('agents.teamTurnover'),
        enableSorting: false,
        cell: (c) => <span className="num">{money(c.row.original.turnover)}</span>,
      },
      {
        id: 'loss',
        accessorKey: 'loss',
        header: t('agents.teamLoss'),
        enableSorting: false,
        cell: (c) => <span className="num">{money(c.row.original.loss)}</span>,
      },
      {
        id: 'ratioBp',
        accessorKey: 'ratioBp',
        header: t('agents.ratio'),
        enableSorting: false,
        cell: (c) => <span className="num">{percent(c.row.original.ratioBp)}</span>,
      },
      {
        id: 'amount',
        accessorKey: 'amount',
        header: t('agents.amount'),
        enableSorting: false,
        cell: (c) => <span className="num">{money(c.row.original.amount)}</span>,
      },
    ],
    [t, money],
  );
  return (
    <section className="stack section" data-testid="bill-lines">
      <h2 className="section-title">{t('agents.linesTitle', { id: bill.id, account: bill.account, period: bill.period })}</h2>
      <DataTable id="bill-lines" columns={columns} load={load} pageSize={25} rowTestId={(l) => `line-${l.account}`} />
      {total !== null ? (
        <p className={total === bill.amount ? 'saved' : 'form-error'} data-testid="lines-sum">
          {t('agents.linesSum', { total: money(total), amount: money(bill.amount) })}
        </p>
      ) : null}
    </section>
  );
}
