import type { DrawResult, LotteryGame, VnNumbers } from '@platform/contract';
import { vietnamPrizes, vietnamTails } from '@platform/games/lottery';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { formatDate } from '../../ui/format-date.ts';
import { IconLottery } from '../../ui/icons.tsx';
import { GameIcon } from './GameIcon.tsx';
import { lotteryGames, lotteryResults, vnNumbers } from './lottery-api.ts';
import './lottery.css';

/** Region of each Vietnamese game family. */
const regionOf: Record<string, 'NORTH' | 'SOUTH'> = { VN_NORTH: 'NORTH', VN_SOUTH: 'SOUTH' };

/** The northern draw's host province by weekday (Sunday first), as XSMB rotates it. */
const northProvinces = ['Thái Bình', 'Hà Nội', 'Quảng Ninh', 'Bắc Ninh', 'Hà Nội', 'Hải Phòng', 'Nam Định'];

/** Weekday of an issue's date (yyyyMMdd, the draw's local date). */
function weekdayOf(issue: string): number | null {
  const m = issue.match(/^(\d{4})(\d{2})(\d{2})/);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).getUTCDay() : null;
}

type Prizes = Record<string, string[]>;

/** The prize table of one draw: ĐB to G7 (G8 in the south), the lô digits of each number marked. */
function PrizeTable({ result }: { result: Prizes }) {
  const { t } = useTranslation();
  return (
    <table className="prizes" data-testid="prize-table">
      <tbody>
        {vietnamPrizes
          .filter((p) => (result[p]?.length ?? 0) > 0)
          .map((p) => (
            <tr key={p} className={p === 'DB' ? 'prizes__special' : undefined} data-prize={p}>
              <th scope="row">{t(`vnlottery.prize.${p}` as 'vnlottery.prize.DB')}</th>
              <td>
                <div className="prizes__numbers">
                  {(result[p] ?? []).map((n, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a prize's numbers may repeat
                    <span key={i} className="prizes__number">
                      {n.slice(0, -2)}
                      <strong>{n.slice(-2)}</strong>
                    </span>
                  ))}
                </div>
              </td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}

/** Lô by head digit: the two-digit endings of every prize, grouped by their first digit. */
function HeadTail({ result }: { result: Prizes }) {
  const { t } = useTranslation();
  const tails = vietnamTails(result as never, 2);
  return (
    <table className="headtail" data-testid="head-tail">
      <thead>
        <tr>
          <th scope="col">{t('vnlottery.head')}</th>
          <th scope="col">{t('vnlottery.lo')}</th>
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: 10 }, (_, head) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the head digits 0-9 are the rows
          <tr key={head}>
            <th scope="row">{head}</th>
            <td>
              {tails
                .filter((n) => Math.floor(n / 10) === head)
                .sort((a, b) => a - b)
                .map((n) => String(n).padStart(2, '0'))
                .join(', ') || '–'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The Vietnam lottery page; its bars are hidden unless the store flag shows them. Optional query gameCode. */
export function VnLotteryPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [games, setGames] = useState<LotteryGame[] | null>(null);
  const [results, setResults] = useState<DrawResult[] | null>(null);
  const [failed, setFailed] = useState(false);
  const vn = (games ?? []).filter((g) => regionOf[g.family]);
  const game = vn.find((g) => g.code === params.get('gameCode')) ?? vn[0];

  useEffect(() => {
    lotteryGames().then(setGames, () => setFailed(true));
  }, []);
  useEffect(() => {
    if (!game) return;
    let live = true;
    setResults(null);
    lotteryResults(game.code, 10).then(
      (page) => live && setResults(page.list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [game]);

  const latest = results?.find((r) => (r.status === 'drawn' || r.status === 'settled') && r.result);
  const weekday = latest ? weekdayOf(latest.issue) : null;

  return (
    <div className="page vnlottery" data-testid="page-vnlottery">
      <header className="page__head">
        <span className="page__icon">
          <IconLottery size={26} />
        </span>
        <h1 className="page__title">{t('vnlottery.title')}</h1>
      </header>
      {failed ? (
        <EmptyState icon={<IconLottery size={36} />} title={t('lottery.loadFailed')} />
      ) : games === null ? (
        <div className="skeleton lottery__skeleton" />
      ) : vn.length === 0 ? (
        <EmptyState icon={<IconLottery size={36} />} title={t('lottery.noGames')} />
      ) : (
        <div className="vnlottery__body">
          <nav className="card vnlottery__regions" aria-label={t('vnlottery.regions')} data-testid="vn-regions">
            <h2 className="section__title">{t('vnlottery.regions')}</h2>
            <ul>
              {vn.map((g) => {
                const region = regionOf[g.family] ?? 'NORTH';
                return (
                  <li key={g.code}>
                    <Link
                      to={`/vnlottery?gameCode=${encodeURIComponent(g.code)}`}
                      className={`lottery__game${g.code === game?.code ? ' is-active' : ''}`}
                      aria-current={g.code === game?.code ? 'page' : undefined}
                      data-testid={`vn-region-${region}`}
                    >
                      <GameIcon family={g.family} size={32} />
                      <span className="lottery__game-name">
                        {t(`vnlottery.region.${region}` as 'vnlottery.region.NORTH')}
                        <small className="muted"> · {g.name}</small>
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
            {game?.current ? (
              <p className="muted" data-testid="vn-next">
                {t('vnlottery.nextDraw', {
                  issue: game.current.issue,
                  time: formatDate(Date.parse(game.current.drawAt), 'yyyy-MM-dd HH:mm'),
                })}
              </p>
            ) : null}
            {game ? (
              <Link
                className="btn btn--accent btn--md"
                to={`/lottery?gameCode=${encodeURIComponent(game.code)}&playType=${encodeURIComponent(`${game.family}_LO2`)}`}
                data-testid="vn-bet"
              >
                {t('vnlottery.bet')}
              </Link>
            ) : null}
          </nav>
          <section className="card vnlottery__latest" aria-labelledby="vn-latest">
            <h2 id="vn-latest" className="section__title">
              {t('vnlottery.latest')}
            </h2>
            {results === null ? (
              <div className="skeleton results__skeleton" />
            ) : latest ? (
              <>
                <p className="vnlottery__draw" data-testid="vn-draw">
                  {t('vnlottery.drawOf', { issue: latest.issue, time: formatDate(Date.parse(latest.drawAt), 'yyyy-MM-dd HH:mm') })}
                  {game?.family === 'VN_NORTH' && weekday !== null ? ` · ${northProvinces[weekday]}` : ''}
                </p>
                <div className="vnlottery__tables">
                  <PrizeTable result={latest.result as Prizes} />
                  <HeadTail result={latest.result as Prizes} />
                </div>
              </>
            ) : (
              <p className="muted" data-testid="vn-no-result">
                {t('vnlottery.noResult')}
              </p>
            )}
          </section>
          {game ? <VnNumbersTable key={`${game.code}|${latest?.issue}`} gameCode={game.code} /> : null}
        </div>
      )}
    </div>
  );
}

/**
 * The spec's Vietnamese numbers: the 100 lô numbers 00–99 of the region over its latest draws, each
 * with how often it came out and how many draws ago it last did (long absences are the 'gan' players watch).
 */
function VnNumbersTable({ gameCode }: { gameCode: string }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<VnNumbers | null>(null);
  useEffect(() => {
    let live = true;
    vnNumbers(gameCode).then(
      (a) => live && setAnswer(a),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [gameCode]);
  if (!answer) return <div className="skeleton results__skeleton" />;
  // Nothing drawn yet: the prize table above already says so.
  if (answer.draws === 0) return null;
  const most = Math.max(1, ...answer.numbers.map((n) => n.hits));
  return (
    <section className="card vnlottery__numbers" aria-labelledby="vn-numbers">
      <h2 id="vn-numbers" className="section__title">
        {t('lotteryBoards.vnNumbers')}
      </h2>
      <p className="muted">{t('lotteryBoards.vnNumbersCaption', { draws: answer.draws })}</p>
      <ol className="vn-numbers" data-testid="vn-numbers">
        {answer.numbers.map((n) => (
          <li
            key={n.number}
            className={`vn-number${n.hits === 0 ? ' is-cold' : n.hits >= most ? ' is-hot' : ''}`}
            data-number={n.number}
            data-hits={n.hits}
            title={n.since === null ? t('lotteryBoards.notOut') : t('lotteryBoards.since', { draws: n.since })}
          >
            <strong>{n.number}</strong>
            <span className="vn-number__hits">{t('lotteryBoards.hits', { hits: n.hits })}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
