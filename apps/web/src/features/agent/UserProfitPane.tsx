import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Loader } from '../../ui/Loader.tsx';
import type { PeriodQuery } from '../member/money-api.ts';
import { PeriodPicker, RecordTable, useLoad, useMoney } from '../member/money-kit.tsx';
import { useAgentCentre } from './AgentCentre.tsx';
import { teamProfit } from './agent-api.ts';
import { useAgentLabels } from './labels.ts';

const pageSize = 10;

/** User profit and loss: each team member's own play and money over a range, the biggest bettors first, or one member's. */
export function UserProfitPane() {
  const { t } = useTranslation();
  const { currency } = useAgentCentre();
  const money = useMoney(currency);
  const labels = useAgentLabels();
  const [period, setPeriod] = useState<PeriodQuery>({ period: 'past7' });
  const [search, setSearch] = useState('');
  const [account, setAccount] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const { value, error } = useLoad(() => teamProfit({ ...period, account, pageNo: page, pageSize }), [period, account, page]);
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setAccount(search.trim() || undefined);
  };
  return (
    <div className="money-page" data-testid="agent-user-profit">
      <h3>{t('agent.menu.userProfit')}</h3>
      <PeriodPicker
        value={period}
        onChange={(q) => {
          setPage(1);
          setPeriod(q);
        }}
      />
      <form className="agent-search" onSubmit={onSearch}>
        <input
          className="field__input"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('agent.profit.searchPlaceholder')}
          aria-label={t('agent.team.search')}
          maxLength={64}
          data-testid="profit-search"
        />
        <Button type="submit" variant="outline" data-testid="profit-search-submit">
          {t('agent.team.search')}
        </Button>
        {account ? (
          <Button
            variant="ghost"
            onClick={() => {
              setSearch('');
              setAccount(undefined);
              setPage(1);
            }}
          >
            {t('agent.profit.all')}
          </Button>
        ) : null}
      </form>
      {error ? <p className="form-error">{error}</p> : null}
      {!value ? (
        error ? null : (
          <Loader label={t('common.loading')} />
        )
      ) : (
        <RecordTable
          testId="profit-table"
          rows={value.content}
          rowKey={(r) => r.account}
          rowAttributes={(r) => ({ 'data-account': r.account })}
          page={page}
          pageCount={value.totalPages}
          onPage={setPage}
          empty={t('agent.profit.empty')}
          columns={[
            {
              head: (
                <>
                  {t('agent.account')}
                  <span className="money-table__sub">{t('agent.accountType')}</span>
                </>
              ),
              cellClassName: 'money-table__stack',
              cell: (r) => (
                <>
                  <span>{r.account}</span>
                  <span className="money-muted">
                    {labels.type(r.isAgent)} · {t('agent.team.level', { level: r.level })}
                  </span>
                </>
              ),
            },
            {
              head: (
                <>
                  {t('agent.overview.bets')}
                  <span className="money-table__sub">{t('agent.overview.payouts')}</span>
                </>
              ),
              className: 'num',
              cellClassName: 'money-table__stack',
              cell: (r) => (
                <>
                  <span>{money(r.bets)}</span>
                  <span className="money-muted">{money(r.payouts)}</span>
                </>
              ),
            },
            {
              head: (
                <>
                  {t('agent.overview.deposits')}
                  <span className="money-table__sub">{t('agent.overview.withdrawals')}</span>
                </>
              ),
              className: 'num',
              cellClassName: 'money-table__stack',
              cell: (r) => (
                <>
                  <span>{money(r.deposits)}</span>
                  <span className="money-muted">{money(r.withdrawals)}</span>
                </>
              ),
            },
            {
              head: (
                <>
                  {t('agent.profit.result')}
                  <span className="money-table__sub">{t('agent.overview.bonuses')}</span>
                </>
              ),
              className: 'num',
              cellClassName: 'money-table__stack',
              cell: (r) => (
                <>
                  <span className={r.profit >= 0 ? 'is-in' : 'is-out'} data-testid="profit-result">
                    {money(r.profit)}
                  </span>
                  <span className="money-muted">{money(r.bonuses)}</span>
                </>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
