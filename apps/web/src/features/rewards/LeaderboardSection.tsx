import type { LeaderboardView, RewardView } from '@platform/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { formatDate } from '../../ui/format-date.ts';
import { IconStar } from '../../ui/icons.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { useLoad, useMoney } from '../member/money-kit.tsx';
import { loadLeaderboards } from './leaderboards-api.ts';

/** One board: its period and end, the prizes by place, the top list with the player's row marked, and the player's own rank. */
function Board({ board, currency, loggedIn }: { board: LeaderboardView; currency: string; loggedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const money = useMoney(currency);
  const prize = (r: RewardView) =>
    r.kind === 'points'
      ? t('rewards.reward.points', { amount: r.amount.toLocaleString(i18n.language) })
      : r.multiple > 0
        ? t('rewards.reward.bonusWagering', { amount: money(r.amount), multiple: r.multiple })
        : t('rewards.reward.bonus', { amount: money(r.amount) });
  const mine = board.mine;
  return (
    <section className="rewards-card leaderboard" aria-labelledby={`leaderboard-${board.id}`} data-testid={`leaderboard-${board.id}`}>
      <header className="rewards-card__head">
        <h2 id={`leaderboard-${board.id}`}>{board.title}</h2>
        <span className="rewards-muted">
          {t(`rewards.leaderboard.period.${board.period}`)} · {t('rewards.leaderboard.endsAt', { time: formatDate(board.endsAt) })}
        </span>
      </header>
      <div className={`leaderboard-mine${mine?.rank ? ' is-ranked' : ''}`} data-testid="leaderboard-mine" data-rank={mine?.rank ?? ''}>
        {!loggedIn || !mine ? (
          t('rewards.leaderboard.login')
        ) : mine.rank ? (
          <>
            <strong>{t('rewards.leaderboard.yourRank', { rank: mine.rank })}</strong>
            <span>{t('rewards.leaderboard.yourScore', { amount: money(mine.score), count: mine.bets })}</span>
          </>
        ) : (
          t('rewards.leaderboard.unranked')
        )}
      </div>
      <div className="leaderboard-body">
        <div className="leaderboard-top">
          <h3>{t('rewards.leaderboard.top')}</h3>
          {board.top.length === 0 ? (
            <p className="rewards-muted">{t('rewards.leaderboard.empty')}</p>
          ) : (
            <table className="leaderboard-table" data-testid="leaderboard-top">
              <thead>
                <tr>
                  <th scope="col">{t('rewards.leaderboard.rank')}</th>
                  <th scope="col">{t('rewards.leaderboard.player')}</th>
                  <th scope="col" className="num">
                    {t('rewards.leaderboard.score')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {board.top.map((s) => (
                  <tr key={`${s.rank}-${s.name}-${s.score}`} className={s.me ? 'is-me' : undefined} data-me={s.me}>
                    <td>{s.rank}</td>
                    <td>
                      {s.name}
                      {s.me ? <span className="leaderboard-you">{t('rewards.leaderboard.you')}</span> : null}
                    </td>
                    <td className="num">{money(s.score)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {board.members > 0 ? <p className="rewards-muted">{t('rewards.leaderboard.players', { count: board.members })}</p> : null}
        </div>
        <div className="leaderboard-prizes">
          <h3>{t('rewards.leaderboard.prizes')}</h3>
          <ol data-testid="leaderboard-prizes">
            {board.prizes.map((p) => (
              <li key={p.rank}>
                <span>{t('rewards.leaderboard.place', { rank: p.rank })}</span>
                <strong>{prize(p.reward)}</strong>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <p className="rewards-muted">{t('rewards.leaderboard.rules')}</p>
    </section>
  );
}

/** The reward centre's leaderboards: each board of the merchant this period. */
export function LeaderboardSection({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation();
  const { value, error } = useLoad(loadLeaderboards, [loggedIn]);
  if (error) return <p className="form-error">{error}</p>;
  if (!value) return <Loader label={t('common.loading')} />;
  if (value.boards.length === 0) return <EmptyState icon={<IconStar size={32} />} title={t('rewards.leaderboard.none')} />;
  return (
    <>
      {value.boards.map((b) => (
        <Board key={b.id} board={b} currency={value.currency} loggedIn={loggedIn} />
      ))}
    </>
  );
}
