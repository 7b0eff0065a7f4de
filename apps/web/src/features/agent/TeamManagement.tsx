import { agentTypes, type TeamMember } from '@platform/contract';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { DateText } from '../../ui/DateText.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { RecordTable, useLoad } from '../member/money-kit.tsx';
import { agentProfile, teamPage } from './agent-api.ts';
import { useAgentLabels } from './labels.ts';
import { OfferContractDialog } from './OfferContractDialog.tsx';
import { PrizeGroupDialog } from './PrizeGroupDialog.tsx';
import { TransferDialog } from './TransferDialog.tsx';

const pageSize = 10;

type Open = { kind: 'prizeGroup' | 'contract' | 'transfer'; member: TeamMember } | null;

/**
 * Team management: the tree one level at a time (server-paged), a breadcrumb back up, a search of
 * the whole team; on a direct downline, its prize group, a contract offer (agents) and a transfer.
 */
export function TeamManagement() {
  const { t } = useTranslation();
  const labels = useAgentLabels();
  const [parent, setParent] = useState<string | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Open>(null);
  // One identity for the dialogs' close (their focus trap starts again when it changes).
  const close = useCallback(() => setOpen(null), []);
  const { value: profile } = useLoad(agentProfile, []);
  const { value, error, reload } = useLoad(
    () => teamPage({ parent: query ? undefined : parent, account: query, pageNo: page, pageSize }),
    [parent, query, page],
  );

  const goTo = (account: string | undefined) => {
    setQuery(undefined);
    setSearch('');
    setPage(1);
    setParent(account);
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setQuery(search.trim() || undefined);
  };
  const direct = (m: TeamMember) => m.level === 1;

  return (
    <div className="money-page agent-team" data-testid="agent-team">
      <h3>{t('agent.menu.teamManagement')}</h3>
      <form className="agent-search" onSubmit={onSearch}>
        <input
          className="field__input"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('agent.team.searchPlaceholder')}
          aria-label={t('agent.team.search')}
          maxLength={64}
          data-testid="team-search"
        />
        <Button type="submit" variant="outline" data-testid="team-search-submit">
          {t('agent.team.search')}
        </Button>
      </form>
      {value ? (
        <nav className="agent-breadcrumb" aria-label={t('agent.team.breadcrumb')} data-testid="team-breadcrumb">
          {query ? (
            <>
              <button type="button" className="link-btn" onClick={() => goTo(undefined)}>
                {value.breadcrumb[0]}
              </button>
              <span aria-hidden="true">›</span>
              <span>{t('agent.team.searchResults', { text: query })}</span>
            </>
          ) : (
            value.breadcrumb.map((account, i) => (
              <span key={account} className="agent-breadcrumb__step">
                {i > 0 ? <span aria-hidden="true">›</span> : null}
                {i === value.breadcrumb.length - 1 ? (
                  <span aria-current="location">{account}</span>
                ) : (
                  <button type="button" className="link-btn" onClick={() => goTo(i === 0 ? undefined : account)}>
                    {account}
                  </button>
                )}
              </span>
            ))
          )}
        </nav>
      ) : null}
      {error ? <p className="form-error">{error}</p> : null}
      {!value ? (
        error ? null : (
          <Loader label={t('common.loading')} />
        )
      ) : (
        <>
          <p className="money-muted" data-testid="team-total">
            {t('agent.team.total', { count: value.totalElements })}
          </p>
          <RecordTable
            testId="team-table"
            rows={value.content}
            rowKey={(m) => m.account}
            rowAttributes={(m) => ({ 'data-account': m.account })}
            page={page}
            pageCount={value.totalPages}
            onPage={setPage}
            empty={t('agent.team.empty')}
            columns={[
              {
                head: (
                  <>
                    {t('agent.account')}
                    <span className="money-table__sub">{t('agent.accountType')}</span>
                  </>
                ),
                cellClassName: 'money-table__stack',
                cell: (m) => (
                  <>
                    {m.teamSize > 0 ? (
                      <button type="button" className="link-btn" onClick={() => goTo(m.account)} data-testid="team-open">
                        {m.account}
                      </button>
                    ) : (
                      <span>{m.account}</span>
                    )}
                    <span className="money-muted">
                      {labels.type(m.isAgent)}
                      {query ? ` · ${t('agent.team.level', { level: m.level })}` : ''}
                    </span>
                  </>
                ),
              },
              {
                head: (
                  <>
                    {t('agent.prizeGroup')}
                    <span className="money-table__sub">{t('agent.rebate')}</span>
                  </>
                ),
                className: 'num',
                cellClassName: 'money-table__stack',
                cell: (m) => (
                  <>
                    <span>{m.prizeGroup}</span>
                    <span className="money-muted">{labels.percent(m.rebateBp)}</span>
                  </>
                ),
              },
              {
                head: (
                  <>
                    {t('agent.team.teamSize')}
                    <span className="money-table__sub">{t('agent.team.joined')}</span>
                  </>
                ),
                className: 'num',
                cellClassName: 'money-table__stack',
                cell: (m) => (
                  <>
                    <span>{labels.count(m.teamSize)}</span>
                    <span className="money-muted">
                      <DateText value={m.createdAt} pattern="yyyy-MM-dd" />
                    </span>
                  </>
                ),
              },
              {
                head: t('agent.team.actions'),
                cellClassName: 'agent-row-actions',
                cell: (m) =>
                  direct(m) ? (
                    <>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setOpen({ kind: 'prizeGroup', member: m })}
                        data-testid="team-prize-group"
                      >
                        {t('agent.team.setGroup')}
                      </Button>
                      {agentTypes.includes(m.isAgent) ? (
                        <Button size="sm" variant="ghost" onClick={() => setOpen({ kind: 'contract', member: m })} data-testid="team-offer">
                          {t('agent.team.offer')}
                        </Button>
                      ) : null}
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setOpen({ kind: 'transfer', member: m })}
                        data-testid="team-transfer"
                      >
                        {t('agent.team.transfer')}
                      </Button>
                    </>
                  ) : (
                    <span className="money-muted">{t('agent.team.notDirect', { upline: m.upline })}</span>
                  ),
              },
            ]}
          />
        </>
      )}
      {open?.kind === 'prizeGroup' && profile ? (
        <PrizeGroupDialog
          member={open.member}
          own={profile.prizeGroup}
          onClose={close}
          onDone={() => {
            setOpen(null);
            reload();
          }}
        />
      ) : null}
      {open?.kind === 'contract' ? <OfferContractDialog member={open.member} onClose={close} /> : null}
      {open?.kind === 'transfer' ? <TransferDialog member={open.member} onClose={close} /> : null}
    </div>
  );
}
