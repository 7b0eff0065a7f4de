import type { Activity } from '@platform/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUiActions } from '../../app/providers/ui-store.tsx';
import { useLoginGate } from '../../app/shell/use-account.ts';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/Button.tsx';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { useMoney } from '../member/money-kit.tsx';
import { claimActivity } from './activities-api.ts';

/** The terms of a promotion that pays, as lines a player reads before claiming. */
function useTermLines(a: Activity, money: (amount: number) => string): string[] {
  const { t, i18n } = useTranslation();
  const x = a.terms;
  const category = (c: string) =>
    c === 'all' ? t('bonus.allGames') : c === '*' ? t('bonus.other') : t(`category.${c as 'RNG'}`, { defaultValue: c });
  const byCategory = (map: Record<string, number>) =>
    // One rate for every game reads "all games", not "other games".
    Object.entries(map)
      .map(([c, pct]): [string, number] => [c === '*' && Object.keys(map).length === 1 ? 'all' : c, pct])
      // The named categories first, "other games" last.
      .sort(([p], [q]) => Number(p === '*') - Number(q === '*'))
      .map(([c, pct]) => `${category(c)} ${pct.toLocaleString(i18n.language)}%`)
      .join(', ');
  const lines: string[] = [];
  if (a.type === 'first_deposit' && x.percent !== null && x.cap !== null)
    lines.push(t('bonus.termMatch', { percent: x.percent, cap: money(x.cap) }));
  if (a.type === 'reload' && x.amount !== null) lines.push(t('bonus.termReload', { amount: money(x.amount) }));
  if (a.type === 'daily_rebate' && x.rates && x.capPerDay !== null) {
    lines.push(t('bonus.termRates', { list: byCategory(x.rates), cap: money(x.capPerDay) }));
    lines.push(t('bonus.termPaidDaily'));
  }
  if (x.minDeposit !== null) lines.push(t('bonus.termMinDeposit', { amount: money(x.minDeposit) }));
  if (x.claimDays !== null) lines.push(t('bonus.termClaimDays', { days: x.claimDays }));
  if (x.multiple === 0) lines.push(t('bonus.termCash'));
  else {
    lines.push(
      t(x.base === 'deposit_and_bonus' ? 'bonus.termWagerBoth' : 'bonus.termWagerBonus', { multiple: x.multiple, days: x.wagerDays }),
    );
    lines.push(t('bonus.contributions', { list: byCategory(x.contributions) }));
    if (x.maxBet !== null) lines.push(t('bonus.maxBet', { maxBet: money(x.maxBet) }));
  }
  return lines;
}

/**
 * One promotion that pays: its terms, the reader's status (the spec's activity statuses) and the
 * action it allows: log in, deposit, claim, or see the bonus's wagering once claimed.
 */
export function ActivityCard({
  activity: a,
  currency,
  onChanged,
  heading: Heading = 'h3',
}: {
  activity: Activity;
  currency: string;
  onChanged: () => void;
  /** The title's level where it sits: h3 under the list's h2, h2 under promoDetail's h1. */
  heading?: 'h2' | 'h3';
}) {
  const { t, i18n } = useTranslation();
  const money = useMoney(currency);
  const actions = useUiActions();
  const gate = useLoginGate();
  const dialog = useGlobalDialog();
  const [busy, setBusy] = useState(false);
  const lines = useTermLines(a, money);
  const date = (ms: number) => new Date(ms).toLocaleDateString(i18n.language);

  const claim = async () => {
    setBusy(true);
    try {
      const res = await claimActivity(a.id);
      await dialog({ message: t('bonus.claimed', { amount: money(res.amount), wagering: money(res.wagering) }) });
    } catch (err) {
      await dialog({ kind: 'warning', message: errorText(t, err) });
    } finally {
      setBusy(false);
      onChanged();
    }
  };

  let action = null;
  if (a.status === 'claim' && a.reward !== null)
    action = (
      <Button variant="primary" busy={busy} onClick={() => void claim()} data-testid="activity-claim">
        {t('bonus.claim', { amount: money(a.reward) })}
      </Button>
    );
  else if (a.reason === 'login_needed')
    action = (
      <Button variant="primary" onClick={() => actions.openAuth('login')}>
        {t('bonus.loginToJoin')}
      </Button>
    );
  else if (a.reason === 'deposit_needed')
    action = (
      <Button variant="primary" onClick={() => gate(() => actions.openMemberCentre('depositv2'))} data-testid="activity-deposit">
        {t('bonus.depositToJoin')}
      </Button>
    );
  else if (a.paid && a.terms.multiple > 0)
    action = (
      <Button variant="outline" onClick={() => actions.openMemberCentre('bonusDetails')} data-testid="activity-bonuses">
        {t('bonus.seeBonuses')}
      </Button>
    );

  const why =
    a.status === 'coming' && a.startsAt !== null
      ? t('bonus.startsOn', { date: date(a.startsAt) })
      : a.reason && ['deposit_too_small', 'claim_window_passed', 'deposit_used'].includes(a.reason)
        ? t(`bonus.reason_${a.reason as 'deposit_used'}`)
        : null;

  return (
    <article className="activity-card" data-testid="activity-card" data-activity={a.id} data-type={a.type} data-status={a.status}>
      <header className="activity-card__head">
        <Heading className="activity-card__title">{a.title}</Heading>
        <span className={`badge activity-card__status activity-card__status--${a.status}`}>{t(`bonus.activity_${a.status}`)}</span>
      </header>
      <ul className="activity-card__terms">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {a.status === 'claim' && a.reward !== null && a.wagering !== null ? (
        <p className="activity-card__reward">{t('bonus.reward', { amount: money(a.reward), wagering: money(a.wagering) })}</p>
      ) : null}
      {a.paid ? (
        <p className="activity-card__paid" data-testid="activity-paid">
          {t('bonus.paid', { amount: money(a.paid.amount), date: date(a.paid.at) })}
        </p>
      ) : null}
      {why ? <p className="activity-card__why">{why}</p> : null}
      {action ? <div className="activity-card__action">{action}</div> : null}
    </article>
  );
}
