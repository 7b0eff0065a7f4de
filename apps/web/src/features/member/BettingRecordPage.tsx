import type { BettingRecord } from '@platform/contract';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { DateText } from '../../ui/DateText.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { bettingRecord, bettingRecordDetail, type PeriodQuery, walletBalance } from './money-api.ts';
import { Figures, PeriodPicker, RecordTable, StatusBadge, useLoad, useMoney } from './money-kit.tsx';

type Row = BettingRecord['content'][number];
const categories = ['RNG', 'LOTT', 'LIVE', 'PVP', 'FISH', 'SPORTS'] as const;

/** The kind of game a bet was on, as a player would name it: a mini-game apart from the lobby it sits in. */
function kindLabel(t: TFunction, row: Pick<Row, 'category' | 'classify'>): string {
  if (row.classify === 'INSTANT' || row.classify === 'CRASH') return t('records.miniGame');
  return t(`category.${row.category as 'RNG'}`, { defaultValue: row.category });
}

/** A value of a round's stored outcome as a short text: numbers and words as they are, lists joined, nested lists grouped. */
function plain(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const parts = value.map((v) => (Array.isArray(v) ? `[${v.map(plain).join(' ')}]` : plain(v)));
    return parts.every((p) => p !== null) && parts.join('').length <= 400 ? parts.join(', ') : null;
  }
  if (typeof value === 'object') {
    const parts = Object.entries(value).map(([k, v]) => {
      const text = plain(v);
      return text === null ? null : `${k}: ${text}`;
    });
    return parts.every((p) => p !== null) && parts.join('').length <= 400 ? parts.join('; ') : null;
  }
  return null;
}

/**
 * The facts of an object worth reading (long or deeply nested values, like a slot's replay data, are
 * left out, and so are the minor-unit amounts of a stored outcome: the stake and win show as money above).
 */
const facts = (detail: Record<string, unknown>, skip: string[] = []) =>
  Object.entries(detail)
    .filter(([k]) => !skip.includes(k))
    .map(([k, v]) => [k, plain(v)] as const)
    .filter((e): e is readonly [string, string] => e[1] !== null && e[1] !== '');

function Detail({ row, onBack, money }: { row: Row; onBack: () => void; money: (n: number) => string }) {
  const { t } = useTranslation();
  const kindOf = (r: Row) => kindLabel(t, r);
  const { value, error } = useLoad(() => bettingRecordDetail(row.kind, row.id), [row.kind, row.id]);
  const outcome =
    value && typeof value.detail.outcome === 'object' && value.detail.outcome ? (value.detail.outcome as Record<string, unknown>) : null;
  return (
    <div className="bet-detail" data-testid="bet-detail">
      <Button variant="ghost" size="sm" onClick={onBack} data-testid="bet-detail-back">
        ← {t('records.backToList')}
      </Button>
      <Figures
        items={[
          { label: t('records.game'), value: `${row.gameName} · ${kindOf(row)}` },
          { label: row.kind === 'lottery' ? t('records.issue') : t('records.round'), value: row.round },
          { label: t('records.stake'), value: money(row.stake) },
          { label: t('records.win'), value: money(row.win), tone: row.win > row.stake ? 'in' : undefined },
        ]}
      />
      {error ? <p className="form-error">{error}</p> : null}
      {!value ? (
        error ? null : (
          <Loader label={t('common.loading')} />
        )
      ) : row.kind === 'lottery' ? (
        <dl className="money-facts" data-testid="ticket-detail">
          <dt>{t('records.playType')}</dt>
          <dd>{String(value.detail.playType ?? '')}</dd>
          <dt>{t('records.selection')}</dt>
          <dd data-testid="ticket-selection">{plain(value.detail.selection) ?? '—'}</dd>
          <dt>{t('records.betCount')}</dt>
          <dd>
            {String(value.detail.betCount ?? '')} × {String(value.detail.multiple ?? '')}
          </dd>
          <dt>{t('records.drawResult')}</dt>
          <dd data-testid="ticket-result">{plain(value.detail.result) ?? t('records.notDrawn')}</dd>
          <dt>{t('records.status')}</dt>
          <dd>
            <StatusBadge status={row.status} text={t(`records.betStatus.${row.status as 'pending'}`, { defaultValue: row.status })} />
          </dd>
        </dl>
      ) : (
        <dl className="money-facts" data-testid="round-detail">
          {outcome
            ? facts(outcome, ['replay', 'totalBet', 'totalWin', 'payout', 'stake']).map(([k, v]) => (
                <div key={k} className="money-facts__pair">
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))
            : null}
          {facts(value.detail, ['outcome', 'pairId', 'game', 'bet']).map(([k, v]) => (
            <div key={k} className="money-facts__pair">
              <dt>{k}</dt>
              <dd className="money-ref">{v}</dd>
            </div>
          ))}
          <div className="money-facts__pair">
            <dt>{t('records.serverSeed')}</dt>
            <dd className="money-ref">{value.serverSeed ?? t('records.seedHidden')}</dd>
          </div>
        </dl>
      )}
    </div>
  );
}

/** personalHistoryCopy (betting record): bets of a period by category, with totals; a bet opens its detail. */
export function BettingRecordPage() {
  const { t } = useTranslation();
  const [category, setCategory] = useState('');
  const [period, setPeriod] = useState<PeriodQuery>({ period: 'past7' });
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<Row | null>(null);
  const { value: balance } = useLoad(walletBalance, []);
  const { value, error } = useLoad(
    () => bettingRecord({ ...period, category: category || undefined, pageNo: page }),
    [period, category, page],
  );
  const money = useMoney(balance?.currency);
  const cat = (c: string) => t(`category.${c as 'RNG'}`, { defaultValue: c });
  const kindOf = (r: Row) => kindLabel(t, r);
  if (open) {
    return (
      <div className="money-page" data-testid="betting-record">
        <h3>{t('records.bettingTitle')}</h3>
        <Detail row={open} onBack={() => setOpen(null)} money={money} />
      </div>
    );
  }
  return (
    <div className="money-page" data-testid="betting-record">
      <h3>{t('records.bettingTitle')}</h3>
      <PeriodPicker
        value={period}
        onChange={(q) => {
          setPage(1);
          setPeriod(q);
        }}
      />
      <fieldset className="money-filter" aria-label={t('records.category')}>
        {['', ...categories].map((c) => (
          <button
            key={c || 'all'}
            type="button"
            className={`chip-btn${category === c ? ' is-active' : ''}`}
            aria-pressed={category === c}
            onClick={() => {
              setPage(1);
              setCategory(c);
            }}
            data-testid={`category-${c || 'all'}`}
          >
            {c ? cat(c) : t('records.all')}
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
              { label: t('records.stake'), value: money(value.totals.stake) },
              { label: t('records.win'), value: money(value.totals.win) },
              { label: t('records.net'), value: money(value.totals.net), tone: value.totals.net >= 0 ? 'in' : 'out' },
            ]}
          />
          <RecordTable
            rows={value.content}
            rowKey={(row) => `${row.kind}-${row.id}`}
            empty={t('records.noBets')}
            page={page}
            pageCount={value.totalPages}
            onPage={setPage}
            columns={[
              {
                head: t('records.time'),
                // Date over time: on a phone the stake and the win stay in view.
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
                // The game over its category: one column less, so that a phone shows the stake and the win.
                head: t('records.game'),
                cellClassName: 'money-table__stack money-table__wrap',
                cell: (row) => (
                  <>
                    <span>
                      <button type="button" className="link-btn" onClick={() => setOpen(row)} data-testid="bet-open">
                        {row.gameName}
                      </button>
                    </span>
                    <span className="money-muted">{kindOf(row)}</span>
                  </>
                ),
              },
              { head: t('records.stake'), className: 'num', cell: (row) => money(row.stake) },
              {
                // The status under the win, as the account record puts the balance under the amount.
                head: (
                  <>
                    {t('records.win')}
                    <span className="money-table__sub">{t('records.status')}</span>
                  </>
                ),
                className: 'num',
                cellClassName: 'money-table__stack',
                cell: (row) => (
                  <>
                    <span>{money(row.win)}</span>
                    <span>
                      <StatusBadge
                        status={row.status}
                        text={t(`records.betStatus.${row.status as 'pending'}`, { defaultValue: row.status })}
                      />
                    </span>
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
