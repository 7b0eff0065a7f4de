import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { DateText } from '../../../ui/DateText.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Loader } from '../../../ui/Loader.tsx';
import { Pagination } from '../../../ui/Pagination.tsx';
import { withdrawalList } from '../money-api.ts';
import { StatusBadge, useLoad, useMoney } from '../money-kit.tsx';
import { usePagerLabels } from '../use-pager-labels.ts';
import { ConfirmForm } from './ConfirmForm.tsx';
import { useReviewPoll } from './use-review-poll.ts';

/** The member's withdrawals, newest first, each with its status; a paid one opens its confirmation. Read again when `version` moves. */
export function WithdrawalList({ version, currency }: { version: number; currency: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<string | null>(null);
  const { value, error, reload } = useLoad(() => withdrawalList(page), [page, version]);
  const money = useMoney(currency);
  useReviewPoll(value?.content, reload);
  const labels = usePagerLabels();
  if (error) return <p className="form-error">{error}</p>;
  if (!value) return <Loader label={t('common.loading')} />;
  return (
    <section className="money-section" data-testid="withdrawal-list">
      <h4>{t('withdraw.history')}</h4>
      {value.content.length === 0 ? (
        <EmptyState title={t('records.empty')} />
      ) : (
        <ul className="money-rows">
          {value.content.map((w) => (
            <li key={w.reference} className="money-rows__item" data-reference={w.reference}>
              <div className="money-rows__line">
                <span>
                  <strong>{money(w.amount)}</strong> → {w.account}
                </span>
                <StatusBadge status={w.status} text={t(`withdraw.status.${w.status}`)} />
              </div>
              <div className="money-rows__line money-muted">
                <span>
                  {w.reference} · <DateText value={w.createdAt} />
                </span>
                {w.status === 'paid' ? (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setConfirming((c) => (c === w.reference ? null : w.reference))}
                    data-testid="confirm-open"
                  >
                    {t('withdraw.confirmTitle')}
                  </Button>
                ) : null}
              </div>
              {w.reason ? <p className="money-muted">{t('withdraw.reason', { reason: w.reason })}</p> : null}
              {w.receivedAmount !== null ? (
                <p className="money-muted">
                  {t('withdraw.receivedAmount')}: {money(w.receivedAmount)} · {t('withdraw.remainingAmount')}:{' '}
                  {money(w.remainingAmount ?? 0)}
                </p>
              ) : null}
              {w.autoConfirmed ? <p className="money-muted">{t('withdraw.autoConfirmed')}</p> : null}
              {confirming === w.reference ? (
                <ConfirmForm
                  w={w}
                  onDone={() => {
                    setConfirming(null);
                    reload();
                  }}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={value.totalPages} onChange={setPage} labels={labels} />
    </section>
  );
}
