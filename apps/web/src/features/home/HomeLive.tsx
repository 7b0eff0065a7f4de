import { type BigWins, homePaths, type LotteryGame, toMinor } from '@platform/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiGetAt } from '../../api/client.ts';
import { useQuery } from '../../api/use-query.ts';
import { bcp47, textLanguage } from '../../i18n/languages.ts';
import { AmountText } from '../../ui/AmountText.tsx';
import { Img } from '../../ui/Img.tsx';
import { Countdown } from '../lottery/Countdown.tsx';
import { GameIcon } from '../lottery/GameIcon.tsx';
import { lotteryPagePath } from '../lottery/lottery-path.ts';
import { Balls } from '../lottery/Results.tsx';
import { useLiveGames } from '../lottery/use-live-games.ts';
import '../lottery/lottery.css';

/** How many draws the home shows: the ones closing soonest. */
const drawCount = 4;

/** The draws taking bets, the soonest to close first (a game with no open issue is left out). */
export function closingSoon(games: readonly LotteryGame[], now = Date.now()): LotteryGame[] {
  return games
    .filter((g) => g.current && Date.parse(g.current.closesAt) > now)
    .sort((a, b) => Date.parse(a.current?.closesAt ?? '') - Date.parse(b.current?.closesAt ?? ''))
    .slice(0, drawCount);
}

/**
 * The home's live part, loaded after the page: the lottery draws about to close with their countdown
 * and last result (when the merchant offers the lottery), and the merchant's recent big wins.
 */
export default function HomeLive({ lottery, elott }: { lottery: boolean; elott: boolean }) {
  return (
    <>
      {lottery ? <ClosingDraws allPath={elott ? '/elott' : '/lottery'} /> : null}
      <BigWinsSection />
    </>
  );
}

/** `allPath`: every draw, on the e-lottery lobby when the merchant offers it, else the lottery page. */
function ClosingDraws({ allPath }: { allPath: string }) {
  const { t } = useTranslation();
  const games = useLiveGames();
  const list = closingSoon(games.data ?? []);
  if (games.data && list.length === 0) return null;
  return (
    <section className="section" aria-labelledby="home-draws">
      <div className="section__head">
        <h2 id="home-draws" className="section__title">
          {t('home.drawsClosing')}
        </h2>
        <Link to={allPath} className="section__more">
          {t('common.seeAll')}
        </Link>
      </div>
      <ul className="draw-row" data-testid="home-draws">
        {games.data
          ? list.map((g) => (
              <li key={g.code} className="card draw-card" data-game={g.code}>
                <Link to={lotteryPagePath(g.code, g.family)} className="draw-card__link">
                  <div className="draw-card__top">
                    <GameIcon family={g.family} size={40} />
                    <div>
                      <span className="draw-card__name">{g.name}</span>
                      <span className="muted draw-card__issue">
                        {t('lottery.issue')} {g.current?.issue}
                      </span>
                    </div>
                  </div>
                  <div className="draw-card__clock">
                    <span className="muted">{t('lottery.closesIn')}</span> <Countdown game={g} />
                  </div>
                  <div className="draw-card__last">
                    <span className="muted">{t('home.lastResult')}</span>
                    {g.last ? <Balls result={g.last.result} family={g.family} /> : <span className="muted">–</span>}
                  </div>
                </Link>
              </li>
            ))
          : ['d1', 'd2', 'd3', 'd4'].map((k) => <li key={k} className="card draw-card skeleton" aria-hidden="true" />)}
      </ul>
    </section>
  );
}

function BigWinsSection() {
  const { t, i18n } = useTranslation();
  const locale = bcp47(textLanguage(i18n.language));
  const wins = useQuery('home:bigWins', () => apiGetAt<BigWins>(homePaths.bigWins));
  if (!wins.data || wins.data.list.length === 0) return null;
  const { currency, list } = wins.data;
  return (
    <section className="section" aria-labelledby="home-wins">
      <h2 id="home-wins" className="section__title">
        {t('home.bigWins')}
      </h2>
      <ul className="win-row" data-testid="home-wins">
        {list.map((w) => (
          <li key={`${w.kind}-${w.wonAt}-${w.username}-${w.gameCode}`} className="win-card">
            {w.image ? (
              <Img src={w.image} alt="" width={56} height={56} className="win-card__img" />
            ) : (
              <span className="win-card__img" aria-hidden="true" />
            )}
            <span className="win-card__body">
              <span className="win-card__game">{w.gameName}</span>
              <span className="win-card__who muted">{w.username}</span>
              <strong className="win-card__amount">
                <AmountText minor={toMinor(w.win, currency)} currency={currency} locale={locale} />
              </strong>
              {w.multiplier >= 2 ? <span className="win-card__x">×{w.multiplier}</span> : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
