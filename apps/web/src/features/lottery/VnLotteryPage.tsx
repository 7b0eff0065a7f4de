import type { DrawResult, LotteryGame, VietnamRegion, VnNumbers } from '@platform/contract';
import { vietnamPrizes, vietnamTails } from '@platform/games/lottery';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useUiState } from '../../app/providers/ui-store.tsx';
import { bcp47, textLanguage } from '../../i18n/languages.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { formatDate } from '../../ui/format-date.ts';
import { IconLottery } from '../../ui/icons.tsx';
import { Tabs, tabPanelProps } from '../../ui/Tabs.tsx';
import { Countdown } from './Countdown.tsx';
import { useNow } from './format.ts';
import { GameIcon } from './GameIcon.tsx';
import { lotteryResults, vnNumbers } from './lottery-api.ts';
import { useLiveGames } from './use-live-games.ts';
import './lottery.css';

const regions: readonly VietnamRegion[] = ['NORTH', 'CENTRAL', 'SOUTH'];
/** Weekdays as Vietnamese schedules print them, Monday first (0 is Sunday). */
const week = [1, 2, 3, 4, 5, 6, 0] as const;
/** Vietnam keeps UTC+7 all year: its calendar, not the reader's, says whose draw is today. */
const vietnamWeekday = (at: number) => new Date(at + 7 * 3600_000).getUTCDay();
const DAY_MS = 86_400_000;
/** The southern and central tables read from the 8th prize down to the special one. */
const provincePrizes = [...vietnamPrizes].reverse();

/** The northern draw's host province by weekday (Sunday first), as XSMB rotates it. */
const northProvinces = ['Thái Bình', 'Hà Nội', 'Quảng Ninh', 'Bắc Ninh', 'Hà Nội', 'Hải Phòng', 'Nam Định'];

/** Weekday of an issue's date (yyyyMMdd, the draw's local date). */
function weekdayOf(issue: string): number | null {
  const m = issue.match(/^(\d{4})(\d{2})(\d{2})/);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).getUTCDay() : null;
}

type Prizes = Record<string, string[]>;

/** A prize's numbers, the lô digits (the last two) of each marked. */
function PrizeNumbers({ numbers }: { numbers: readonly string[] }) {
  return (
    <div className="prizes__numbers">
      {numbers.map((n, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a prize's numbers may repeat
        <span key={i} className="prizes__number">
          {n.slice(0, -2)}
          <strong>{n.slice(-2)}</strong>
        </span>
      ))}
    </div>
  );
}

/** The prize table of one northern draw: ĐB to G7. */
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
                <PrizeNumbers numbers={result[p] ?? []} />
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

/**
 * The Vietnam lottery page; its bars are hidden unless the store flag shows them. Region tabs: the
 * North's one daily draw, or the provinces of the Centre or the South drawing on a weekday (today in
 * Vietnam unless another is picked), with their latest results side by side. Optional query gameCode
 * (a province opens its region and its next draw day), kept with region and day in the address.
 */
export function VnLotteryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const games = useLiveGames();
  const vn = (games.data ?? []).filter((g) => g.region !== null);
  const wanted = vn.find((g) => g.code === params.get('gameCode'));
  const asked = params.get('region') as VietnamRegion | null;
  const region: VietnamRegion = wanted?.region ?? (asked && regions.includes(asked) ? asked : 'NORTH');
  const askedDay = params.get('day');
  const day = askedDay && /^[0-6]$/.test(askedDay) ? Number(askedDay) : wanted ? nextDayOf(wanted) : vietnamWeekday(Date.now());
  const inRegion = vn.filter((g) => g.region === region);
  // The spec hides the header and side menu here unless the store flag shows them: then a link leads home.
  const barsShown = useUiState().embeddedBars;

  return (
    <div className="page vnlottery" data-testid="page-vnlottery">
      {barsShown ? null : (
        <Link to="/" className="vnlottery__back" data-testid="vn-back">
          <span aria-hidden="true">←</span> {t('common.backHome')}
        </Link>
      )}
      <header className="page__head">
        <span className="page__icon">
          <IconLottery size={26} />
        </span>
        <h1 className="page__title">{t('vnlottery.title')}</h1>
      </header>
      {games.data === undefined && games.error ? (
        <EmptyState icon={<IconLottery size={36} />} title={t('lottery.loadFailed')} />
      ) : games.data === undefined ? (
        <div className="skeleton lottery__skeleton" />
      ) : vn.length === 0 ? (
        <EmptyState icon={<IconLottery size={36} />} title={t('lottery.noGames')} />
      ) : (
        <>
          <Tabs
            items={regions.map((r) => ({ id: r, label: t(`vnlottery.region.${r}` as 'vnlottery.region.NORTH') }))}
            value={region}
            onChange={(r) => setParams({ region: r })}
            label={t('vnlottery.regions')}
            idPrefix="vn-region"
            className="vnlottery__regions-tabs"
          />
          <div {...tabPanelProps('vn-region', region)} className="vnlottery__panel" data-testid="vn-region" data-region={region}>
            {region === 'NORTH' ? (
              <NorthRegion game={inRegion[0]} />
            ) : (
              <ProvincesRegion
                games={inRegion}
                day={day}
                selected={wanted?.code}
                onDay={(d) => setParams({ region, day: String(d), ...(wanted ? { gameCode: wanted.code } : {}) })}
              />
            )}
          </div>
        </>
      )}
    </div>
  );
}

/** The weekday of a province's next draw (its issue is the local date), else its first weekday. */
function nextDayOf(game: LotteryGame): number {
  const m = game.current?.issue.match(/^(\d{4})(\d{2})(\d{2})/);
  if (m) return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).getUTCDay();
  return game.weekdays?.[0] ?? 0;
}

/** The link that opens the lottery page on a Vietnamese game, on its lô board. */
const betLink = (game: LotteryGame) =>
  `/lottery?gameCode=${encodeURIComponent(game.code)}&playType=${encodeURIComponent(`${game.family}_LO2`)}`;

/** The North: its daily draw, the prize table of the latest one, lô by head and the numbers 00–99. */
function NorthRegion({ game }: { game: LotteryGame | undefined }) {
  const { t } = useTranslation();
  const [results, setResults] = useState<DrawResult[] | null>(null);
  const [failed, setFailed] = useState(false);
  const code = game?.code;
  const lastIssue = game?.last?.issue;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new result asks again
  useEffect(() => {
    if (!code) return;
    let live = true;
    lotteryResults(code, 10).then(
      (page) => live && setResults(page.list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [code, lastIssue]);

  if (!game) return <EmptyState icon={<IconLottery size={36} />} title={t('lottery.noGames')} />;
  const latest = results?.find((r) => (r.status === 'drawn' || r.status === 'settled') && r.result);
  const weekday = latest ? weekdayOf(latest.issue) : null;
  return (
    <div className="vnlottery__body">
      <nav className="card vnlottery__regions" aria-label={t('vnlottery.regions')} data-testid="vn-regions">
        <div className="lottery__game is-active">
          <GameIcon family={game.family} size={32} />
          <span className="lottery__game-name">{game.name}</span>
        </div>
        {game.current ? (
          <>
            <p className="muted" data-testid="vn-next">
              {t('vnlottery.nextDraw', {
                issue: game.current.issue,
                time: formatDate(Date.parse(game.current.drawAt), 'yyyy-MM-dd HH:mm'),
              })}
            </p>
            <p className="vn-province__closes">
              <span className="muted">{t('vnlottery.closesIn')}</span> <Countdown game={game} />
            </p>
          </>
        ) : null}
        <Link className="btn btn--accent btn--md" to={betLink(game)} data-testid="vn-bet">
          {t('vnlottery.bet')}
        </Link>
      </nav>
      <section className="card vnlottery__latest" aria-labelledby="vn-latest">
        <h2 id="vn-latest" className="section__title">
          {t('vnlottery.latest')}
        </h2>
        {failed ? (
          <p className="muted">{t('lottery.loadFailed')}</p>
        ) : results === null ? (
          <div className="skeleton results__skeleton" />
        ) : latest ? (
          <>
            <p className="vnlottery__draw" data-testid="vn-draw">
              {t('vnlottery.drawOf', { issue: latest.issue, time: formatDate(Date.parse(latest.drawAt), 'yyyy-MM-dd HH:mm') })}
              {weekday !== null ? ` · ${northProvinces[weekday]}` : ''}
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
      <VnNumbersTable key={`${game.code}|${latest?.issue}`} gameCode={game.code} />
    </div>
  );
}

/**
 * The Centre or the South on one weekday: the day picker, each province drawing that day with its
 * next draw, countdown and bet link, and their latest results side by side (G8 down to ĐB).
 */
function ProvincesRegion({
  games,
  day,
  selected,
  onDay,
}: {
  games: LotteryGame[];
  day: number;
  selected: string | undefined;
  onDay: (day: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = bcp47(textLanguage(i18n.language));
  const now = useNow();
  const today = vietnamWeekday(now);
  // 2026-11-22 was a Sunday: day d of the week is d days later.
  const dayName = (d: number, weekday: 'long' | 'short') =>
    new Intl.DateTimeFormat(locale, { weekday, timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 22 + d)));
  const provinces = games.filter((g) => g.weekdays?.includes(day));
  const withResult = provinces.filter((g) => g.last?.result);
  return (
    <div className="vnlottery__provinces-view">
      <section className="card vnlottery__day" aria-labelledby="vn-provinces-title">
        <fieldset className="vnlottery__days" data-testid="vn-days">
          <legend className="sr-only">{t('vnlottery.days')}</legend>
          {week.map((d) => (
            <button
              key={d}
              type="button"
              className={`chip-btn${d === day ? ' is-active' : ''}`}
              aria-pressed={d === day}
              data-testid={`vn-day-${d}`}
              onClick={() => onDay(d)}
            >
              {dayName(d, 'short')}
              {d === today ? ` · ${t('vnlottery.today')}` : ''}
            </button>
          ))}
        </fieldset>
        <h2 id="vn-provinces-title" className="section__title">
          {t('vnlottery.provinces', { day: dayName(day, 'long') })}
        </h2>
        {provinces.length === 0 ? (
          <p className="muted">{t('vnlottery.noProvinces')}</p>
        ) : (
          <ul className="vnlottery__provinces" data-testid="vn-provinces">
            {provinces.map((g) => (
              <li
                key={g.code}
                className={`vn-province${g.code === selected ? ' is-selected' : ''}`}
                data-testid="vn-province"
                data-code={g.code}
              >
                <GameIcon family={g.family} size={32} />
                <div className="vn-province__text">
                  <strong className="vn-province__name">{g.name}</strong>
                  {g.current ? (
                    <>
                      <span className="muted">
                        {t('vnlottery.nextDraw', {
                          issue: g.current.issue,
                          time: formatDate(Date.parse(g.current.drawAt), 'yyyy-MM-dd HH:mm'),
                        })}
                      </span>
                      {/* A countdown of days reads badly: it shows from the day before the close. */}
                      {Date.parse(g.current.closesAt) - now < DAY_MS ? (
                        <span className="vn-province__closes">
                          <span className="muted">{t('vnlottery.closesIn')}</span> <Countdown game={g} />
                        </span>
                      ) : null}
                    </>
                  ) : (
                    <span className="muted">{t('lottery.noIssue')}</span>
                  )}
                </div>
                <Link
                  className="btn btn--accent btn--sm"
                  to={betLink(g)}
                  aria-label={t('vnlottery.betOn', { province: g.name })}
                  data-testid={`vn-bet-${g.code}`}
                >
                  {t('vnlottery.bet')}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card vnlottery__latest" aria-labelledby="vn-latest">
        <h2 id="vn-latest" className="section__title">
          {t('vnlottery.latest')}
        </h2>
        {withResult.length === 0 ? (
          <p className="muted" data-testid="vn-no-result">
            {t('vnlottery.noResult')}
          </p>
        ) : (
          <div className="vnlottery__scroll">
            <table className="prizes prizes--provinces" data-testid="prize-table">
              <thead>
                <tr>
                  <th scope="col">{t('vnlottery.province')}</th>
                  {provinces.map((g) => (
                    <th key={g.code} scope="col" data-province={g.code} className={g.code === selected ? 'is-selected' : undefined}>
                      <span className="prizes__province">{g.name}</span>
                      <small className="muted">
                        {g.last?.result
                          ? t('vnlottery.resultOf', {
                              date: `${g.last.issue.slice(0, 4)}-${g.last.issue.slice(4, 6)}-${g.last.issue.slice(6, 8)}`,
                            })
                          : t('vnlottery.noResultYet')}
                      </small>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {provincePrizes.map((p) => (
                  <tr key={p} className={p === 'DB' ? 'prizes__special' : undefined} data-prize={p}>
                    <th scope="row">{t(`vnlottery.prize.${p}` as 'vnlottery.prize.DB')}</th>
                    {provinces.map((g) => {
                      const numbers = (g.last?.result as Prizes | null | undefined)?.[p] ?? [];
                      return (
                        <td key={g.code} data-province={g.code}>
                          {numbers.length > 0 ? <PrizeNumbers numbers={numbers} /> : <span className="muted">–</span>}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
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
