import { toMinor } from '@platform/contract';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../api/session.ts';
import { usePlatform } from '../../../app/providers/platform-context.ts';
import { useLoginGate } from '../../../app/shell/use-account.ts';
import { bcp47, textLanguage } from '../../../i18n/languages.ts';
import { Button } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { formatMoney } from '../../../ui/format-money.ts';
import { IconLottery } from '../../../ui/icons.tsx';
import { boardsByFamily } from '../boards.ts';
import { lotteryResults, myLotteryBets } from '../lottery-api.ts';
import { useLiveGames, useLoad } from '../use-live-games.ts';
import { DrawHead } from './DrawHead.tsx';
import { LotteryMenu } from './LotteryMenu.tsx';
import { LotteryRecords } from './LotteryRecords.tsx';
import { PlayBoard } from './PlayBoard.tsx';
import { SlipPanel } from './SlipPanel.tsx';
import { StakeBar } from './StakeBar.tsx';
import { useBetBuilder } from './use-bet-builder.ts';
import { useGameChoice } from './use-game-choice.ts';
import { useLotteryBalance } from './use-lottery-balance.ts';
import { usePlaceSlip } from './use-place-slip.ts';
import { useSlips } from './use-slips.ts';
import '../lottery.css';

/** The lottery page (header only): the menu of games, the shown game's draw, board, stake and slip, and its records. */
export function LotteryPage() {
  const { t, i18n } = useTranslation();
  const platform = usePlatform();
  const session = useSession();
  const gate = useLoginGate();
  const locale = bcp47(textLanguage(i18n.language));
  const currency = platform.merchant.currency;
  const money = (minor: number) => formatMoney(minor, currency, locale);

  const games = useLiveGames();
  const list = useMemo(() => (games.data ?? []).filter((g) => boardsByFamily[g.family]), [games.data]);
  const { wantedGame, game, boards, playType, board, play, choose } = useGameChoice(list);
  const builder = useBetBuilder(game, playType, board, play);
  const [slip, setSlip] = useSlips(game?.code);

  const gameCode = game?.code;
  const results = useLoad(useMemo(() => (gameCode ? () => lotteryResults(gameCode) : null), [gameCode]));
  const mine = useLoad(useMemo(() => (session && gameCode ? () => myLotteryBets(gameCode) : null), [session, gameCode]));
  const balance = useLotteryBalance();
  const placing = usePlaceSlip({
    game,
    slip,
    setSlip,
    money,
    currency,
    onPlaced: (placed) => {
      balance.setBalance(toMinor(placed.balance, currency));
      mine.reload();
    },
    onClosed: games.reload,
  });

  // A new result of the shown game: refresh its results, the player's tickets and balance.
  const lastKey = `${game?.last?.issue}|${game?.last?.status}`;
  // Any game's new result or settlement: the winner board may have news.
  const resultsKey = (games.data ?? []).map((g) => `${g.last?.issue}|${g.last?.status}`).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the latest draw's issue and status
  useEffect(() => {
    results.reload();
    mine.reload();
    void balance.load();
  }, [lastKey]);

  const addToSlip = () => {
    const bet = builder.take();
    if (!bet) return;
    placing.clearFeedback();
    setSlip([...slip, bet]);
  };

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
      <LotteryMenu games={games.data === undefined ? undefined : list} activeCode={game?.code} wantedGame={wantedGame} onChoose={choose} />

      <div className="lottery__main">
        {game && play && board && builder.picks ? (
          <>
            <DrawHead game={game} />

            <div className="lottery__bet">
              <PlayBoard
                boards={boards}
                playType={playType}
                onPlayType={(id) => choose(game.code, id)}
                play={play}
                board={board}
                picks={builder.picks}
                onPicks={builder.setPicks}
                onQuickPick={builder.quickPick}
                draw={builder.draw}
                locale={locale}
              >
                <StakeBar
                  play={play}
                  unit={builder.unit}
                  onUnit={builder.setUnit}
                  multiple={builder.multiple}
                  onMultiple={builder.setMultiple}
                  betCount={builder.betCount}
                  amount={builder.amount}
                  onAdd={addToSlip}
                  money={money}
                />
              </PlayBoard>
              <SlipPanel
                slip={slip}
                placing={placing}
                onRemove={(key) => {
                  placing.clearFeedback();
                  setSlip(slip.filter((b) => b.key !== key));
                }}
                onClear={() => {
                  placing.clearFeedback();
                  setSlip([]);
                }}
                onPlace={() => gate(() => void placing.place())}
                currency={currency}
                locale={locale}
                balance={balance.balance}
                canChase={game.intervalSeconds !== null}
              />
            </div>

            <LotteryRecords
              game={game}
              results={results.data?.list}
              tickets={mine.data?.list}
              signedIn={Boolean(session)}
              onLogin={() => gate(() => undefined)}
              winnersKey={resultsKey}
              currency={currency}
              locale={locale}
            />
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
