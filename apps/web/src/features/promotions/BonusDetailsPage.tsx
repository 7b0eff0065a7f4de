import type { BonusDetail } from '@platform/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { walletBalance } from '../member/money-api.ts';
import { Figures, StatusBadge, useLoad, useMoney } from '../member/money-kit.tsx';
import { usePagerLabels } from '../member/use-pager-labels.ts';
import { bonusDetails, forfeitBonuses } from './bonus-api.ts';
import './bonus.css';

/** bonusDetails: each bonus with its wagering progress bar, what is still owed, and giving the bonuses up (warned first). */
export function BonusDetailsPage() {
  const { t, i18n } = useTranslation();
  const dialog = useGlobalDialog();
  const [pageNo, setPageNo] = useState(1);
  const { value: balance } = useLoad(walletBalance, []);
  const { value, error, reload } = useLoad(() => bonusDetails(pageNo), [pageNo]);
  const money = useMoney(balance?.currency);
  const pager = usePagerLabels();
  const date = (ms: number) => new Date(ms).toLocaleDateString(i18n.language);
  const title = (b: BonusDetail) => t(`bonus.type_${b.title as 'deposit_match'}`, { defaultValue: b.title });
  const contributions = (b: BonusDetail) =>
    Object.entries(b.contributions)
      // The named categories first, "other games" last.
      .sort(([a], [c]) => Number(a === '*') - Number(c === '*'))
      .map(([c, pct]) => `${c === '*' ? t('bonus.other') : t(`category.${c as 'RNG'}`, { defaultValue: c })} ${pct}%`)
      .join(', ');

  const forfeit = async () => {
    if (!value) return;
    const yes = await dialog({
      kind: 'warning',
      message: t('bonus.forfeitWarning', { amount: money(value.held) }),
      confirmText: t('bonus.forfeitConfirm'),
      cancelText: t('common.cancel'),
    });
    if (!yes) return;
    const res = await forfeitBonuses();
    await dialog({ message: t('bonus.forfeited', { count: res.forfeited }) });
    reload();
  };

  return (
    <div className="money-page" data-testid="bonus-details">
      <h3>{t('bonus.title')}</h3>
      <p className="bonus-terms">{t('bonus.spending')}</p>
      {error ? <p className="form-error">{error}</p> : null}
      {!value ? (
        error ? null : (
          <Loader label={t('common.loading')} />
        )
      ) : value.totalElements === 0 ? (
        <EmptyState title={t('bonus.empty')} text={t('bonus.emptyText')} />
      ) : (
        <>
          <Figures
            items={[
              { label: t('bonus.remaining'), value: money(value.remaining), testId: 'bonus-remaining' },
              { label: t('bonus.held'), value: money(value.held) },
            ]}
          />
          <ul className="bonus-list">
            {value.content.map((b) => (
              <li key={b.id} className="bonus-card" data-testid="bonus-card">
                <div className="bonus-card__head">
                  <strong>{title(b)}</strong>
                  <span className="num">{money(b.bonus)}</span>
                  <StatusBadge status={b.status} text={t(`bonus.status_${b.status}`)} />
                </div>
                <div
                  className="bonus-bar"
                  role="progressbar"
                  aria-label={t('bonus.progress', { title: title(b) })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={b.progress}
                >
                  <span className="bonus-bar__fill" style={{ width: `${b.progress}%` }} />
                </div>
                <p className="bonus-card__line">
                  {t('bonus.wagered', { wagered: money(b.wagered), required: money(b.required) })} · {b.progress}%
                </p>
                <p className="bonus-card__line">{t('bonus.contributions', { list: contributions(b) })}</p>
                {b.status === 'active' ? (
                  <p className="bonus-card__line">
                    {b.maxBet !== null ? `${t('bonus.maxBet', { maxBet: money(b.maxBet) })} · ` : ''}
                    {t('bonus.expires', { date: date(b.expiresAt) })}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
          <Pagination page={pageNo} pageCount={value.totalPages} onChange={setPageNo} labels={pager} />
          {value.remaining > 0 ? (
            <Button variant="outline" onClick={() => void forfeit()} data-testid="bonus-forfeit">
              {t('bonus.forfeit')}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
