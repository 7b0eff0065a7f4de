import type { Bill, BillKind, BillStatus } from '@platform/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { DateText } from '../../ui/DateText.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Loader } from '../../ui/Loader.tsx';
import type { PeriodQuery } from '../member/money-api.ts';
import { Figures, PeriodPicker, RecordTable, StatusBadge, useLoad, useMoney } from '../member/money-kit.tsx';
import { useAgentCentre } from './AgentCentre.tsx';
import { bills, commissions } from './agent-api.ts';
import { useAgentLabels } from './labels.ts';

const pageSize = 10;

/** The status colours money pages use: paid = approved, partly paid = pending, owing = rejected, nothing earned = expired. */
const statusClass: Record<BillStatus, string> = {
  paid: 'approved',
  partly_paid: 'pending',
  insufficient_balance: 'rejected',
  below_threshold: 'expired',
};

/**
 * The settled periods of a salary or dividend contract: the agent's own bills or its team's, with
 * what was earned, received, paid on to downlines and kept; each opens its commission log.
 */
export function BillsSection({ kind }: { kind: BillKind }) {
  const { t } = useTranslation();
  const { currency } = useAgentCentre();
  const money = useMoney(currency);
  const labels = useAgentLabels();
  const [side, setSide] = useState<'mine' | 'team'>('mine');
  const [period, setPeriod] = useState<PeriodQuery>({ period: 'past30' });
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Bill | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const { value, error } = useLoad(() => bills({ ...period, kind, side, pageNo: page, pageSize }), [kind, side, period, page]);

  return (
    <section className="money-section" data-testid={`bills-${kind}`}>
      <div className="money-section__head">
        <h4>{t('agent.bills.title')}</h4>
        <fieldset className="money-filter" aria-label={t('agent.bills.whose')}>
          {(['mine', 'team'] as const).map((s) => (
            <button
              key={s}
              type="button"
              className={`chip-btn${side === s ? ' is-active' : ''}`}
              aria-pressed={side === s}
              onClick={() => {
                setPage(1);
                setSide(s);
              }}
              data-testid={`bills-side-${s}`}
            >
              {t(`agent.bills.side.${s}`)}
            </button>
          ))}
        </fieldset>
      </div>
      <PeriodPicker
        value={period}
        onChange={(q) => {
          setPage(1);
          setPeriod(q);
        }}
      />
      {error ? <p className="form-error">{error}</p> : null}
      {!value ? (
        error ? null : (
          <Loader label={t('common.loading')} />
        )
      ) : (
        <>
          <Figures
            items={[
              { label: t('agent.bills.amount'), value: money(value.totals.amount) },
              { label: t('agent.bills.paid'), value: money(value.totals.paid) },
              { label: t('agent.bills.downlinePaid'), value: money(value.totals.downlinePaid) },
              {
                label: t('agent.bills.net'),
                value: money(value.totals.net),
                tone: value.totals.net >= 0 ? 'in' : 'out',
                testId: 'bills-net',
              },
            ]}
          />
          <RecordTable
            testId="bills-table"
            rows={value.content}
            rowKey={(b) => String(b.id)}
            rowAttributes={(b) => ({ 'data-status': b.status, 'data-period': b.period })}
            page={page}
            pageCount={value.totalPages}
            onPage={setPage}
            empty={t('agent.bills.empty')}
            columns={[
              {
                head: (
                  <>
                    {t('agent.bills.period')}
                    <span className="money-table__sub">{side === 'team' ? t('agent.account') : t('agent.bills.payer')}</span>
                  </>
                ),
                cellClassName: 'money-table__stack',
                cell: (b) => (
                  <>
                    <span>{b.period}</span>
                    <span className="money-muted">{side === 'team' ? b.account : b.payer || t('agent.platform')}</span>
                  </>
                ),
              },
              {
                head: (
                  <>
                    {kind === 'dividend' ? t('agent.bills.teamLoss') : t('agent.bills.teamTurnover')}
                    <span className="money-table__sub">{t('agent.contracts.activeMembers')}</span>
                  </>
                ),
                className: 'num',
                cellClassName: 'money-table__stack',
                cell: (b) => (
                  <>
                    <span>{money(kind === 'dividend' ? b.teamLoss : b.teamTurnover)}</span>
                    <span className="money-muted">{labels.count(b.activeMembers)}</span>
                  </>
                ),
              },
              {
                head: (
                  <>
                    {t('agent.contracts.tier')}
                    <span className="money-table__sub">{t('agent.contracts.ratio')}</span>
                  </>
                ),
                className: 'num',
                cellClassName: 'money-table__stack',
                cell: (b) => (
                  <>
                    <span>{b.tier === null ? '—' : b.tier + 1}</span>
                    <span className="money-muted">{labels.percent(b.ratioBp)}</span>
                  </>
                ),
              },
              {
                head: (
                  <>
                    {t('agent.bills.amount')}
                    <span className="money-table__sub">{t('agent.bills.net')}</span>
                  </>
                ),
                className: 'num',
                cellClassName: 'money-table__stack',
                cell: (b) => (
                  <>
                    <span data-testid="bill-amount">{money(b.amount)}</span>
                    <span className="money-muted">{money(b.net)}</span>
                  </>
                ),
              },
              {
                head: t('agent.bills.status'),
                cellClassName: 'money-table__stack',
                cell: (b) => (
                  <>
                    <span>
                      <StatusBadge status={statusClass[b.status]} text={t(`agent.bills.status_${b.status}`)} />
                    </span>
                    <span>
                      <Button size="sm" variant="ghost" onClick={() => setOpen(b)} data-testid="bill-log">
                        {t('agent.bills.log')}
                      </Button>
                    </span>
                  </>
                ),
              },
            ]}
          />
        </>
      )}
      {open ? <CommissionDialog bill={open} onClose={close} /> : null}
    </section>
  );
}

/**
 * A bill's commission log: each team member's turnover (and loss) and the part of the amount it
 * brought, the lines adding up to the bill; with the bill's figures and formula above them.
 */
function CommissionDialog({ bill, onClose }: { bill: Bill; onClose: () => void }) {
  const { t } = useTranslation();
  const { currency } = useAgentCentre();
  const money = useMoney(currency);
  const labels = useAgentLabels();
  const [page, setPage] = useState(1);
  const { value, error } = useLoad(() => commissions({ billId: bill.id, pageNo: page, pageSize: 20 }), [bill.id, page]);
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('agent.bills.logOf', { period: bill.period, account: bill.account })}
      closeLabel={t('common.close')}
      testId="commission-dialog"
      size="lg"
    >
      <div className="money-page">
        <p className="money-muted" data-testid="bill-formula">
          {t('agent.bills.formula', {
            base: money(bill.base),
            ratio: labels.percent(bill.ratioBp),
            amount: money(bill.amount),
          })}
          {bill.carriedIn || bill.carriedOut
            ? ` · ${t('agent.bills.carried', { carriedIn: money(bill.carriedIn), carriedOut: money(bill.carriedOut) })}`
            : ''}
        </p>
        <p className="money-muted">
          {t('agent.bills.settledAt')} <DateText value={bill.settledAt} pattern="yyyy-MM-dd HH:mm" /> ·{' '}
          {t('agent.bills.paidOf', { paid: money(bill.paid), amount: money(bill.amount) })}
        </p>
        {error ? <p className="form-error">{error}</p> : null}
        {!value ? (
          error ? null : (
            <Loader label={t('common.loading')} />
          )
        ) : (
          <>
            <RecordTable
              testId="commission-table"
              rows={value.content}
              rowKey={(l) => `${l.account}-${l.level}`}
              page={page}
              pageCount={value.totalPages}
              onPage={setPage}
              empty={t('agent.bills.noLines')}
              columns={[
                {
                  head: (
                    <>
                      {t('agent.account')}
                      <span className="money-table__sub">{t('agent.bills.via')}</span>
                    </>
                  ),
                  cellClassName: 'money-table__stack',
                  cell: (l) => (
                    <>
                      <span>{l.account}</span>
                      <span className="money-muted">
                        {t('agent.team.level', { level: l.level })}
                        {l.via ? ` · ${l.via}` : ''}
                      </span>
                    </>
                  ),
                },
                {
                  head: (
                    <>
                      {t('agent.bills.bets')}
                      <span className="money-table__sub">{t('agent.bills.loss')}</span>
                    </>
                  ),
                  className: 'num',
                  cellClassName: 'money-table__stack',
                  cell: (l) => (
                    <>
                      <span>{money(l.turnover)}</span>
                      <span className="money-muted">{money(l.loss)}</span>
                    </>
                  ),
                },
                { head: t('agent.contracts.ratio'), className: 'num', cell: (l) => labels.percent(l.ratioBp) },
                { head: t('agent.bills.amount'), className: 'num', cell: (l) => <span data-testid="line-amount">{money(l.amount)}</span> },
              ]}
            />
            <Figures items={[{ label: t('agent.bills.linesTotal'), value: money(value.total), testId: 'lines-total' }]} />
          </>
        )}
      </div>
    </Dialog>
  );
}
