import type { DrawResult, LotteryGame, LotteryTicket } from '@platform/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Tabs, tabPanelProps } from '../../../ui/Tabs.tsx';
import { Results } from '../Results.tsx';
import { WinnerBoard } from '../WinnerBoard.tsx';
import { MyBets } from './MyBets.tsx';

type RecordsTab = 'results' | 'mine' | 'winners';

/** The records under the board, in tabs: the shown game's results, the player's tickets (after signing in) and the winners of every game. */
export function LotteryRecords({
  game,
  results,
  tickets,
  signedIn,
  onLogin,
  winnersKey,
  currency,
  locale,
}: {
  game: LotteryGame;
  results: readonly DrawResult[] | undefined;
  tickets: readonly LotteryTicket[] | undefined;
  signedIn: boolean;
  onLogin: () => void;
  /** Changes when any game has a new result or settlement: the winner board may have news. */
  winnersKey: string;
  currency: string;
  locale: string;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<RecordsTab>('results');
  return (
    <section className="card lottery__records">
      <Tabs
        items={[
          { id: 'results', label: t('lottery.results') },
          { id: 'mine', label: t('lottery.myBets') },
          { id: 'winners', label: t('lotteryBoards.winners') },
        ]}
        value={tab}
        onChange={(id) => setTab(id as RecordsTab)}
        label={t('lottery.records')}
        idPrefix="lottery-records"
      />
      <div {...tabPanelProps('lottery-records', tab)}>
        {tab === 'results' ? (
          <Results results={results} family={game.family} source={game.resultSource} current={game.current} />
        ) : tab === 'winners' ? (
          <WinnerBoard refreshKey={winnersKey} currency={currency} locale={locale} />
        ) : signedIn ? (
          <MyBets tickets={tickets} currency={currency} locale={locale} />
        ) : (
          <EmptyState
            title={t('lottery.loginToSee')}
            action={
              <Button onClick={onLogin} data-testid="mybets-login">
                {t('lottery.login')}
              </Button>
            }
          />
        )}
      </div>
    </section>
  );
}
