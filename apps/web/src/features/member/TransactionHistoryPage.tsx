import { transactionTypes } from '@platform/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../ui/DateText.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { type PeriodQuery, transactionHistory, walletBalance } from './money-api.ts';
import { Figures, PeriodPicker, RecordTable, useLoad, useMoney } from './money-kit.tsx';

/**
 * The types a player picks from. The player's record leaves out the held (locked) account, so a
 * withdrawal shows as its hold (and, refused or failed, its release) on the main wallet; the payout
 * itself moves only held money and never appears here, so it is no choice either.
 */
const filterTypes = transactionTypes.filter((type) => type !== 'withdrawal');

/** transactionHistory (account record): ledger entries by type and period, paged, with totals over the whole filter. */
export function TransactionHistoryPage() {
  const { t } = useTranslation();
  const [types, setTypes] = useState<string[]>([]);
  const [period, setPeriod] = useState<PeriodQuery>({ period: 'past7' });
  const [page, setPage] = useState(1);
  const { value: balance } = useLoad(walletBalance, []);
  const { value, error } = useLoad(
    () => transactionHistory({ ...period, types: types.join(',') || undefined, pageNo: page }),
    [period, types.join(','), page],
  );
  const money = useMoney(balance?.currency);
  const toggle = (type: string) => {
    setPage(1);
    setTypes((list) => (list.includes(type) ? list.filter((x) => x !== type) : [...list, type]));
  };
  const wallet = (w: string) => (w.startsWith('vendor:') ? w.slice(7) : t(`wallet.kinds.${w as 'main'}`, { defaultValue: w }));

  return (
    <div className="money-page" data-testid="transaction-history">
      <h3>{t('records.transactionsTitle')}</h3>
      <PeriodPicker
        value={period}
        onChange={(q) => {
          setPage(1);
          setPeriod(q);
        }}
      />
      <fieldset className="money-filter" aria-label={t('records.type')}>
        <button
          type="button"
          className={`chip-btn${types.length === 0 ? ' is-active' : ''}`}
          aria-pressed={types.length === 0}
          onClick={() => setTypes([])}
        >
          {t('records.all')}
        </button>
        {filterTypes.map((type) => (
          <button
            key={type}
            type="button"
            className={`chip-btn${types.includes(type) ? ' is-active' : ''}`}
            aria-pressed={types.includes(type)}
            onClick={() => toggle(type)}
            data-testid={`type-${type}`}
          >
            {t(`records.types.${type}`)}
          </button>
        ))}
      </fieldset>
      {error ? <p className="form-error">{error}</p> : null}
      {!value ? (
        error ? null : (
          <Loader label={t('common.loading')} />
        )
      ) : (
        <>
          <Figures
            items={[
              { label: t('records.totalIn'), value: money(value.totals.in), tone: 'in', testId: 'total-in' },
              { label: t('records.totalOut'), value: money(value.totals.out), tone: 'out', testId: 'total-out' },
              { label: t('records.net'), value: money(value.totals.net), testId: 'total-net' },
            ]}
          />
          {/* Three columns, so that the amount shows without scrolling sideways even on a phone:
              the wallet and the reference go under the type, the balance after under the amount. */}
          <RecordTable
            testId="transaction-table"
            rows={value.content}
            rowKey={(row) => String(row.id)}
            rowAttributes={(row) => ({ 'data-type': row.type })}
            page={page}
            pageCount={value.totalPages}
            onPage={setPage}
            columns={[
              {
                head: t('records.time'),
                cellClassName: 'money-table__stack',
                cell: (row) => (
                  <>
                    <span>
                      <DateText value={row.time} pattern="yyyy-MM-dd" />
                    </span>
                    <span className="money-muted">
                      <DateText value={row.time} pattern="HH:mm:ss" />
                    </span>
                  </>
                ),
              },
              {
                head: (
                  <>
                    {t('records.type')}
                    <span className="money-table__sub">
                      {t('records.wallet')} · {t('records.reference')}
                    </span>
                  </>
                ),
                cellClassName: 'money-table__stack money-table__wrap',
                cell: (row) => (
                  <>
                    <span>{t(`records.types.${row.type as 'deposit'}`, { defaultValue: row.type })}</span>
                    <span className="money-muted" data-testid="entry-wallet">
                      {wallet(row.wallet)}
                    </span>
                    <span className="money-muted money-ref" data-testid="entry-reference">
                      {row.reference}
                    </span>
                  </>
                ),
              },
              {
                head: (
                  <>
                    {t('records.amount')}
                    <span className="money-table__sub">{t('records.balanceAfter')}</span>
                  </>
                ),
                className: 'num',
                cellClassName: 'money-table__stack',
                cell: (row) => (
                  <>
                    <span className={row.amount >= 0 ? 'is-in' : 'is-out'} data-testid="entry-amount">
                      {row.amount >= 0 ? '+' : ''}
                      {money(row.amount)}
                    </span>
                    <span className="money-muted">{money(row.balanceAfter)}</span>
                  </>
                ),
              },
            ]}
          />
        </>
      )}
    </div>
  );
}
