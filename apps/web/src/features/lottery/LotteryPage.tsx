import { apiPaths, type LotteryGame } from '@platform/contract';
import { type DrawContext, orderAmount, type ZodiacAnimal } from '@platform/games/lottery';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError, apiGet } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { useLoginGate } from '../../app/shell/use-account.ts';
import { bcp47, textLanguage } from '../../i18n/languages.ts';
import { messageText } from '../../i18n/problem-text.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { formatMoney } from '../../ui/format-money.ts';
import { IconLottery, IconStar } from '../../ui/icons.tsx';
import { Tabs, tabPanelProps } from '../../ui/Tabs.tsx';
import { BetBoard } from './BetBoard.tsx';
import { BetSlip, type Chase, noChase, type SlipBet, slipAmount } from './BetSlip.tsx';
import {
  boardOf,
  boardsByFamily,
  browserRandom,
  costOf,
  emptyPicks,
  newRequestId,
  type Picks,
  picksOf,
  playOf,
  prizeMode,
  prizeOf,
  selectionOf,
} from './boards.ts';
import { Countdown } from './Countdown.tsx';
import { playLabel } from './format.ts';
import { GameIcon } from './GameIcon.tsx';
import { lotteryResults, myLotteryBets, placeLotteryBets } from './lottery-api.ts';
import { MyBets } from './MyBets.tsx';
import { Balls, Results } from './Results.tsx';
import { useLiveGames, useLoad } from './use-live-games.ts';
import { useLotteryFavourites } from './use-lottery-favourites.ts';
import { WinnerBoard } from './WinnerBoard.tsx';
import './lottery.css';

const units = [100, 10, 1] as const;

const slipsKey = 'lotterySlips';
function readSlips(): Record<string, SlipBet[]> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(slipsKey) ?? '{}') as unknown;
    return stored && typeof stored === 'object' ? (stored as Record<string, SlipBet[]>) : {};
  } catch {
    return {};
  }
}

/** Decimal text of a number without trailing zeros. */
const decimal = (n: number, locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(n);

/** The lottery page (header only). Its gameCode and playType query is kept only when both are there. */
const DAY_MS = 86_400_000;
const isProvince = (g: LotteryGame) => g.region === 'SOUTH' || g.region === 'CENTRAL';

export function LotteryPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const platform = usePlatform();
  const session = useSession();
  const gate = useLoginGate();
  const locale = bcp47(textLanguage(i18n.language));
  const currency = platform.merchant.currency;
  const money = (minor: number) => formatMoney(minor, currency, locale);

  const games = useLiveGames();
  const list = useMemo(() => (games.data ?? []).filter((g) => boardsByFamily[g.family]), [games.data]);
  // Starred games lead the menu, in the menu's own order. A Vietnamese province (35 of them, each on
  // its weekdays) is listed when it draws within a day, is starred or is open; /vnlottery has them all.
  const favourites = useLotteryFavourites();
  const wantedGame = params.get('gameCode');
  const listed = list.filter(
    (g) =>
      !isProvince(g) ||
      favourites.has(g.code) ||
      g.code === wantedGame ||
      (g.current !== null && Date.parse(g.current.drawAt) - Date.now() < DAY_MS),
  );
  const menu = [...listed.filter((g) => favourites.has(g.code)), ...listed.filter((g) => !favourites.has(g.code))];
  const hiddenProvinces = list.length > listed.length;

  const wantedPlay = params.get('playType');
  const both = Boolean(wantedGame && wantedPlay);
  useEffect(() => {
    if (both || (!params.has('gameCode') && !params.has('playType'))) return;
    const next = new URLSearchParams(params);
    next.delete('gameCode');
    next.delete('playType');
    setParams(next, { replace: true });
  }, [both, params, setParams]);

  const game = (both ? list.find((g) => g.code === wantedGame) : undefined) ?? list[0];
  const family = game?.family ?? '';
  const boards = boardsByFamily[family] ?? [];
  const playType = (both && game && boardOf(family, wantedPlay ?? '') ? wantedPlay : boards[0]?.[0]) ?? '';
  const board = boardOf(family, playType);
  const play = playType ? playOf(playType) : undefined;
  const choose = (code: string, type: string) => setParams({ gameCode: code, playType: type }, { replace: false });

  // Picks belong to one play type of one game; another play type starts empty.
  const pickKey = `${game?.code}|${playType}`;
  const [picksState, setPicksState] = useState<{ key: string; picks: Picks } | null>(null);
  const picks = board ? (picksState?.key === pickKey ? picksState.picks : emptyPicks(board)) : null;
  const setPicks = (next: Picks) => setPicksState({ key: pickKey, picks: next });
  const [unit, setUnit] = useState<(typeof units)[number]>(100);
  const [multiple, setMultiple] = useState(1);

  // What a selection depends on besides the picks: the Mark Six year animal of the issue taking bets.
  const yearAnimal = game?.current?.yearAnimal;
  const draw = useMemo<DrawContext>(() => (yearAnimal ? { yearAnimal: yearAnimal as ZodiacAnimal } : {}), [yearAnimal]);
  const selection = board && picks ? selectionOf(board, picks, draw) : null;
  const problem = play && selection ? play.validate(selection) : null;
  const betCount = play && selection && !problem ? play.betCount(selection) : 0;
  const amount = play && selection && betCount > 0 ? orderAmount(play, selection, { unit, multiple }, prizeMode) : 0;

  // The slips outlive the page for the tab's session: logging in (which goes home) or a reload keeps them.
  const [slips, setSlips] = useState<Record<string, SlipBet[]>>(readSlips);
  useEffect(() => sessionStorage.setItem(slipsKey, JSON.stringify(slips)), [slips]);
  const slip = game ? (slips[game.code] ?? []) : [];
  const setSlip = (next: SlipBet[]) => game && setSlips((s) => ({ ...s, [game.code]: next }));
  const [chase, setChase] = useState<Chase>(noChase);
  const [rowErrors, setRowErrors] = useState<Map<number, string>>(new Map());
  const [slipError, setSlipError] = useState<string | null>(null);
  const [chaseError, setChaseError] = useState<string | null>(null);
  const [placedNote, setPlacedNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const request = useRef<{ signature: string; id: string } | null>(null);
  const clearFeedback = () => {
    setRowErrors(new Map());
    setSlipError(null);
    setChaseError(null);
    setPlacedNote(null);
  };

  const addToSlip = () => {
    if (!play || !selection || betCount === 0 || !board) return;
    clearFeedback();
    setSlip([...slip, { key: newRequestId(), playType, selection: structuredClone(selection), unit, multiple, betCount, amount: amount }]);
    setPicks(emptyPicks(board));
  };
  const quickPick = () => {
    if (!play || !board) return;
    if (board.kind === 'zodiac' && !draw.yearAnimal) return;
    setPicks(picksOf(board, play.quickPick(browserRandom, draw) as Record<string, unknown>));
  };

  const gameCode = game?.code;
  const results = useLoad(useMemo(() => (gameCode ? () => lotteryResults(gameCode) : null), [gameCode]));
  const mine = useLoad(useMemo(() => (session && gameCode ? () => myLotteryBets(gameCode) : null), [session, gameCode]));
  const [balance, setBalance] = useState<number | null>(null);
  const loadBalance = useCallback(async () => {
    if (!session) return setBalance(null);
    try {
      const b = await apiGet(apiPaths.sumBalance);
      setBalance(Math.round(b.sumBalance * 100));
    } catch {
      setBalance(null);
    }
  }, [session]);
  useEffect(() => {
    void loadBalance();
  }, [loadBalance]);

  // A new result of the shown game: refresh its results, the player's tickets and balance.
  const lastKey = `${game?.last?.issue}|${game?.last?.status}`;
  // Any game's new result or settlement: the winner board may have news.
  const resultsKey = (games.data ?? []).map((g) => `${g.last?.issue}|${g.last?.status}`).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the latest draw's issue and status
  useEffect(() => {
    results.reload();
    mine.reload();
    void loadBalance();
  }, [lastKey]);

  const place = async () => {
    if (!game?.current || slip.length === 0) return;
    clearFeedback();
    const body = {
      gameCode: game.code,
      issue: game.current.issue,
      bets: slip.map(({ playType: p, selection: s, unit: u, multiple: m, betCount: c }) => ({
        playType: p,
        selection: s,
        unit: u,
        multiple: m,
        betCount: c,
      })),
      ...(chase.on
        ? {
            chase: {
              issues: chase.issues,
              stopOnWin: chase.stopOnWin,
              ...(chase.doubling ? { doubling: { every: chase.every, factor: chase.factor } } : {}),
            },
          }
        : {}),
    };
    // One id per slip: a retry of the same slip (after a lost answer) cannot place it twice.
    const signature = JSON.stringify(body);
    if (request.current?.signature !== signature) request.current = { signature, id: newRequestId() };
    setBusy(true);
    try {
      const placed = await placeLotteryBets({ requestId: request.current.id, ...body });
      request.current = null;
      setSlip([]);
      setChase(noChase);
      setBalance(Math.round(placed.balance * 100));
      setPlacedNote(t('lottery.placed', { count: placed.tickets.length, amount: money(Math.round(placed.amount * 100)) }));
      mine.reload();
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setSlipError(t('error.unknown'));
        return;
      }
      const rows = new Map<number, string>();
      for (const f of err.fields) {
        const text = messageText(t, f.message, f.params) || t('validation.invalid');
        const at = f.field.match(/^bets\.(\d+)\./);
        if (at) rows.set(Number(at[1]), rows.has(Number(at[1])) ? `${rows.get(Number(at[1]))} ${text}` : text);
        else if (f.field.startsWith('chase')) setChaseError(text);
      }
      setRowErrors(rows);
      if (err.code === 'APP_ERR_LOTTERY_CLOSED') {
        setSlipError(t('lottery.closedError'));
        games.reload();
      } else if (err.code === 'APP_ERR_WALLET_INSUFFICIENT_FUNDS') setSlipError(t('lottery.insufficientFunds'));
      else if (rows.size === 0 && !err.fields.some((f) => f.field.startsWith('chase')))
        setSlipError(messageText(t, err.message) || t('error.unknown'));
    } finally {
      setBusy(false);
    }
  };

  const [tab, setTab] = useState<'results' | 'mine' | 'winners'>('results');

  if (games.error && !games.data) {
    return (
      <div className="page" data-testid="page-lottery">
        <EmptyState
          icon={<IconLottery size={36} />}
          title={t('lottery.loadFailed')}
          action={<Button onClick={games.reload}>{t('lottery.retry')}</Button>}
        />
      </div>
    );
  }

  return (
    <div className="page lottery" data-testid="page-lottery">
      <nav className="lottery__menu card" aria-label={t('lottery.menu')} data-testid="lottery-menu">
        <h1 className="lottery__menu-title">
          <IconLottery size={20} /> {t('lottery.title')}
        </h1>
        {games.data === undefined ? (
          <div className="skeleton lottery__menu-skeleton" />
        ) : (
          <ul>
            {menu.map((g) => (
              <li key={g.code} className="lottery__menu-item" data-favourite={favourites.has(g.code) || undefined}>
                <button
                  type="button"
                  className={`lottery__game${g.code === game?.code ? ' is-active' : ''}`}
                  aria-current={g.code === game?.code ? 'true' : undefined}
                  onClick={() => choose(g.code, boardsByFamily[g.family]?.[0]?.[0] ?? '')}
                  data-testid={`game-${g.code}`}
                >
                  <GameIcon family={g.family} size={32} />
                  <span className="lottery__game-name">{g.name}</span>
                  <Countdown game={g} />
                </button>
                <button
                  type="button"
                  className={`icon-btn lottery__star${favourites.has(g.code) ? ' is-on' : ''}`}
                  aria-pressed={favourites.has(g.code)}
                  aria-label={
                    favourites.has(g.code)
                      ? t('lotteryBoards.unfavourite', { game: g.name })
                      : t('lotteryBoards.favourite', { game: g.name })
                  }
                  onClick={() => favourites.toggle(g.code)}
                  data-testid={`star-${g.code}`}
                >
                  <IconStar size={16} fill={favourites.has(g.code) ? 'currentColor' : 'none'} />
                </button>
              </li>
            ))}
          </ul>
        )}
        {hiddenProvinces ? (
          <Link className="lottery__menu-more" to="/vnlottery" data-testid="all-provinces">
            {t('lottery.allProvinces')}
          </Link>
        ) : null}
      </nav>

      <div className="lottery__main">
        {game && play && board && picks ? (
          <>
            <section className="draw card" data-testid="draw-head" aria-label={t('lottery.currentDraw')}>
              <div className="draw__game">
                <GameIcon family={family} size={48} />
                <div>
                  <h2 className="draw__name" data-testid="game-name">
                    {game.name}
                  </h2>
                  <div className="draw__issue">
                    {game.current ? (
                      <>
                        {t('lottery.issue')} <strong data-testid="current-issue">{game.current.issue}</strong>
                      </>
                    ) : (
                      t('lottery.noIssue')
                    )}
                  </div>
                </div>
              </div>
              <div className="draw__clock">
                <span className="draw__clock-label">{t('lottery.closesIn')}</span>
                <Countdown game={game} testId="countdown" />
              </div>
              <div className="draw__last">
                <span className="draw__clock-label">
                  {game.last ? t('lottery.lastResult', { issue: game.last.issue }) : t('lottery.noResults')}
                </span>
                {game.last?.status === 'cancelled' ? (
                  <span className="badge">{t('lottery.cancelled')}</span>
                ) : game.last?.result ? (
                  <Balls result={game.last.result} family={family} />
                ) : null}
              </div>
            </section>

            <div className="lottery__bet">
              <section className="card lottery__board">
                <fieldset className="playtypes" data-testid="play-types">
                  <legend className="sr-only">{t('lottery.playTypes')}</legend>
                  {boards.map(([id]) => (
                    <button
                      key={id}
                      type="button"
                      className={`chip-btn${id === playType ? ' is-active' : ''}`}
                      aria-pressed={id === playType}
                      onClick={() => choose(game.code, id)}
                      data-testid={`play-${id}`}
                    >
                      {playLabel(t, id)}
                    </button>
                  ))}
                </fieldset>
                <p className="playtype__about">
                  <strong>{playLabel(t, playType)}</strong> <span className="market">{play.name}</span>
                </p>
                <BetBoard
                  play={play}
                  board={board}
                  picks={picks}
                  onPicks={setPicks}
                  onQuickPick={quickPick}
                  odds={(option) => `×${decimal(prizeOf(play, option), locale)}`}
                  draw={draw}
                />
                <div className="stake" data-testid="stake">
                  <fieldset className="stake__units">
                    <legend className="stake__label">{t('lottery.unit')}</legend>
                    {units.map((u) => (
                      <button
                        key={u}
                        type="button"
                        className={`chip-btn${u === unit ? ' is-active' : ''}`}
                        aria-pressed={u === unit}
                        onClick={() => setUnit(u)}
                        data-testid={`unit-${u}`}
                      >
                        {decimal(u / 100, locale)}
                      </button>
                    ))}
                  </fieldset>
                  <label className="mini-field">
                    <span>{t('lottery.multiple')}</span>
                    <input
                      type="number"
                      min={1}
                      max={10000}
                      value={multiple}
                      onChange={(e) => setMultiple(Math.min(10_000, Math.max(1, Math.round(Number(e.target.value)) || 1)))}
                      data-testid="multiple"
                    />
                  </label>
                  <div className="stake__sum" aria-live="polite">
                    <span data-testid="board-count">{t('lottery.betCount', { count: betCount })}</span> ·{' '}
                    <span className="amount" data-testid="board-amount">
                      {money(amount)}
                    </span>
                    {play.options.length === 1 ? (
                      <span className="muted stake__prize">
                        {' '}
                        ·{' '}
                        {t('lottery.prizePerBet', {
                          amount: money(Math.floor(prizeOf(play) * unit * multiple)),
                          cost: money(costOf(play) * unit * multiple),
                        })}
                      </span>
                    ) : null}
                  </div>
                  <Button variant="primary" onClick={addToSlip} disabled={betCount === 0} data-testid="add-to-slip">
                    {t('lottery.addToSlip')}
                  </Button>
                </div>
              </section>
              <div className="lottery__side">
                <BetSlip
                  bets={slip}
                  onRemove={(key) => {
                    clearFeedback();
                    setSlip(slip.filter((b) => b.key !== key));
                  }}
                  onClear={() => {
                    clearFeedback();
                    setSlip([]);
                  }}
                  chase={chase}
                  onChase={setChase}
                  onPlace={() => gate(() => void place())}
                  busy={busy}
                  rowErrors={rowErrors}
                  slipError={slipError}
                  chaseError={chaseError}
                  currency={currency}
                  locale={locale}
                  balance={balance}
                  canChase={game.intervalSeconds !== null}
                />
                {placedNote ? (
                  <p className="slip__placed" role="status" data-testid="placed-note">
                    {placedNote}
                  </p>
                ) : null}
                {slip.length > 0 && slipAmount(slip, chase) !== null && balance !== null && (slipAmount(slip, chase) ?? 0) > balance ? (
                  <p className="muted">{t('lottery.insufficientFunds')}</p>
                ) : null}
              </div>
            </div>

            <section className="card lottery__records">
              <Tabs
                items={[
                  { id: 'results', label: t('lottery.results') },
                  { id: 'mine', label: t('lottery.myBets') },
                  { id: 'winners', label: t('lotteryBoards.winners') },
                ]}
                value={tab}
                onChange={(id) => setTab(id as 'results' | 'mine' | 'winners')}
                label={t('lottery.records')}
                idPrefix="lottery-records"
              />
              <div {...tabPanelProps('lottery-records', tab)}>
                {tab === 'results' ? (
                  <Results results={results.data?.list} family={family} source={game.resultSource} current={game.current} />
                ) : tab === 'winners' ? (
                  <WinnerBoard refreshKey={resultsKey} currency={currency} locale={locale} />
                ) : session ? (
                  <MyBets tickets={mine.data?.list} currency={currency} locale={locale} />
                ) : (
                  <EmptyState
                    title={t('lottery.loginToSee')}
                    action={
                      <Button onClick={() => gate(() => undefined)} data-testid="mybets-login">
                        {t('lottery.login')}
                      </Button>
                    }
                  />
                )}
              </div>
            </section>
          </>
        ) : games.data === undefined ? (
          <div className="skeleton lottery__skeleton" />
        ) : (
          <EmptyState icon={<IconLottery size={36} />} title={t('lottery.noGames')} />
        )}
      </div>
    </div>
  );
}
