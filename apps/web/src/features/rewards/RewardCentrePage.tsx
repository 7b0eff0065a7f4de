import type { CheckinState, MissionView, RewardView } from '@platform/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/session.ts';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { formatDate } from '../../ui/format-date.ts';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { IconGift, IconStar } from '../../ui/icons.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { StatusBadge, useLoad, useMoney } from '../member/money-kit.tsx';
import { EnvelopeRain } from './envelope-rain/EnvelopeRain.tsx';
import { LeaderboardSection } from './LeaderboardSection.tsx';
import { checkIn, claimMission, loadCheckin, loadMissions } from './rewards-api.ts';
import './rewards.css';

/** A reward in the reader's words: points, or bonus money in the merchant's currency with its wagering. */
function useRewardText(currency: string | undefined) {
  const { t, i18n } = useTranslation();
  const money = useMoney(currency);
  return (r: RewardView) =>
    r.kind === 'points'
      ? t('rewards.reward.points', { amount: r.amount.toLocaleString(i18n.language) })
      : r.multiple > 0
        ? t('rewards.reward.bonusWagering', { amount: money(r.amount), multiple: r.multiple })
        : t('rewards.reward.bonus', { amount: money(r.amount) });
}

/** The check-in: the seven days of a streak with their rewards, today's state and the button. */
function CheckinCard({ state, onDone }: { state: CheckinState; onDone: () => void }) {
  const { t } = useTranslation();
  const dialog = useGlobalDialog();
  const rewardText = useRewardText(state.currency);
  const money = useMoney(state.currency);
  const [busy, setBusy] = useState(false);
  if (!state.enabled) return <EmptyState icon={<IconStar size={32} />} title={t('rewards.checkin.off')} />;
  // Days of this week's run already checked in: the streak within its 7-day table.
  const doneInCycle = state.checkedInToday ? ((state.streak - 1) % 7) + 1 : state.streak % 7;
  const submit = async () => {
    setBusy(true);
    try {
      const res = await checkIn();
      await dialog({
        message: t('rewards.checkin.success', { reward: res.reward.map(rewardText).join(' + ') }),
        timeoutMs: 3000,
        closeOnCover: true,
      });
      onDone();
    } catch (err) {
      await dialog({ kind: 'warning', message: errorText(t, err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="rewards-card" aria-labelledby="rewards-checkin-title" data-testid="rewards-checkin">
      <header className="rewards-card__head">
        <h2 id="rewards-checkin-title">{t('rewards.checkin.title')}</h2>
        <span className="rewards-streak" data-testid="checkin-streak" data-streak={state.streak}>
          {t('rewards.checkin.streak', { count: state.streak })}
        </span>
      </header>
      <ol className="checkin-days">
        {state.days.map((r, i) => {
          const day = i + 1;
          const done = day <= doneInCycle;
          const next = !state.checkedInToday && day === state.nextDay;
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the seven days of the table, in order
              key={i}
              className={`checkin-day${done ? ' is-done' : ''}${next ? ' is-next' : ''}`}
              data-testid={`checkin-day-${day}`}
              data-done={done}
            >
              <span className="checkin-day__label">{t('rewards.checkin.day', { day })}</span>
              <span className="checkin-day__reward">{rewardText(r)}</span>
            </li>
          );
        })}
      </ol>
      {state.weekBonus ? (
        <p className="rewards-muted">
          {t('rewards.checkin.weekBonus')}: <strong>{rewardText(state.weekBonus)}</strong>
        </p>
      ) : null}
      <div className="rewards-card__foot">
        {state.checkedInToday ? (
          <StatusBadge status="approved" text={t('rewards.checkin.done')} />
        ) : (
          <Button variant="primary" busy={busy} disabled={!state.eligible} onClick={() => void submit()} data-testid="checkin-button">
            {t('rewards.checkin.button')}
          </Button>
        )}
        {!state.checkedInToday && !state.eligible ? (
          <span className="rewards-muted" data-testid="checkin-hint">
            {state.minDeposit > 0
              ? t('rewards.checkin.needPlayOrDeposit', { amount: money(state.minDeposit) })
              : t('rewards.checkin.needPlay')}
          </span>
        ) : null}
      </div>
      <p className="rewards-muted">{t('rewards.checkin.missedResets')}</p>
    </section>
  );
}

/** One mission: its title, period, progress bar, reward and the claim button when its target is reached. */
function MissionRow({ mission, currency, onClaimed }: { mission: MissionView; currency: string; onClaimed: () => void }) {
  const { t, i18n } = useTranslation();
  const dialog = useGlobalDialog();
  const money = useMoney(currency);
  const rewardText = useRewardText(currency);
  const [busy, setBusy] = useState(false);
  const figure = (n: number) => (mission.kind === 'bet_count' ? n.toLocaleString(i18n.language) : money(n));
  const percent = Math.min(100, Math.round((mission.progress / mission.target) * 100));
  const claim = async () => {
    setBusy(true);
    try {
      await claimMission(mission.id);
      await dialog({ message: t('rewards.missions.success', { reward: rewardText(mission.reward) }), timeoutMs: 3000, closeOnCover: true });
      onClaimed();
    } catch (err) {
      await dialog({ kind: 'warning', message: errorText(t, err) });
    } finally {
      setBusy(false);
    }
  };
  const statusText = {
    in_progress: t('rewards.missions.inProgress'),
    claimable: t('rewards.missions.claimable'),
    claimed: t('rewards.missions.claimed'),
  }[mission.status];
  return (
    <li className={`mission mission--${mission.status}`} data-testid={`mission-${mission.id}`} data-status={mission.status}>
      <div className="mission__main">
        <span className="mission__period">{mission.period === 'day' ? t('rewards.missions.daily') : t('rewards.missions.weekly')}</span>
        <h3 className="mission__title">{mission.title}</h3>
        <div
          className="mission__bar"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label={mission.title}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
        <p className="mission__figures">
          <span data-testid="mission-progress">
            {t('rewards.missions.progress', { progress: figure(mission.progress), target: figure(mission.target) })}
          </span>
          <span className="rewards-muted">{t('rewards.missions.endsAt', { time: formatDate(mission.endsAt) })}</span>
        </p>
        <p className="mission__reward">{t('rewards.missions.reward', { reward: rewardText(mission.reward) })}</p>
      </div>
      <div className="mission__action">
        {mission.status === 'claimable' ? (
          <Button variant="primary" busy={busy} onClick={() => void claim()} data-testid="mission-claim">
            {t('rewards.missions.claim')}
          </Button>
        ) : (
          <StatusBadge status={mission.status === 'claimed' ? 'approved' : 'pending'} text={statusText} />
        )}
      </div>
    </li>
  );
}

/** rewardCenter (member centre): the daily check-in and the missions with their progress and claim. */
export function RewardCentrePage() {
  const { t } = useTranslation();
  const session = useSession();
  const loggedIn = Boolean(session?.token);
  const [version, setVersion] = useState(0);
  const refresh = () => setVersion((v) => v + 1);
  const { value: missions, error } = useLoad(loadMissions, [version, loggedIn]);
  const { value: checkin } = useLoad(() => (loggedIn ? loadCheckin() : Promise.resolve(null)), [version, loggedIn]);
  if (error) return <p className="form-error">{error}</p>;
  if (!missions) return <Loader label={t('common.loading')} />;
  return (
    <div className="money-page rewards" data-testid="page-reward-centre">
      <h3>{t('rewards.title')}</h3>
      <EnvelopeRain />
      {loggedIn ? checkin ? <CheckinCard state={checkin} onDone={refresh} /> : <Loader label={t('common.loading')} /> : null}
      <section className="rewards-card" aria-labelledby="rewards-missions-title">
        <header className="rewards-card__head">
          <h2 id="rewards-missions-title">{t('rewards.missions.title')}</h2>
        </header>
        {!loggedIn ? <p className="rewards-muted">{t('rewards.missions.login')}</p> : null}
        {missions.missions.length === 0 ? (
          <EmptyState icon={<IconGift size={32} />} title={t('rewards.missions.none')} />
        ) : (
          <ul className="missions">
            {missions.missions.map((m) => (
              <MissionRow key={m.id} mission={m} currency={missions.currency} onClaimed={refresh} />
            ))}
          </ul>
        )}
      </section>
      <LeaderboardSection loggedIn={loggedIn} />
    </div>
  );
}
