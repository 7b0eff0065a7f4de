import { slotConfigs } from '@platform/games/slots';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { IconSlots } from '../../ui/icons.tsx';
import { CrashGame } from './CrashGame.tsx';
import { DiceGame } from './DiceGame.tsx';
import { LastRound } from './LastRound.tsx';
import { MinesGame } from './MinesGame.tsx';
import { PlinkoGame } from './PlinkoGame.tsx';
import { SlotGame } from './SlotGame.tsx';
import { type PlaySession, usePlaySession } from './use-play.ts';
import '../../ui/fair-list.css';
import './play.css';

const launchToken = /^[\w-]{20,100}$/;

/**
 * Our in-house game client, the page the /game frame loads: no site chrome, the game, its balance
 * (from each round's answer) and its provably fair panel. Money play carries the launch token of its
 * game session in the address; demo play (mode=demo) has none and moves no money.
 */
export function PlayPage() {
  const { t } = useTranslation();
  const { vendor = '', gameCode = '' } = useParams();
  const [params] = useSearchParams();
  const raw = params.get('token') ?? '';
  const token = params.get('mode') !== 'demo' && launchToken.test(raw) ? raw : undefined;
  // Crash rounds carry their own seeds: the player's seed pair plays no part in them.
  const session = usePlaySession(token, { seedPairs: gameCode !== 'crash' });
  const slot = slotConfigs.find((c) => c.id === gameCode);

  let game: ReactNode;
  let title = gameCode;
  if (vendor.toLowerCase() !== 'inhouse') game = null;
  else if (slot) {
    title = slot.name;
    game = <SlotGame config={slot} session={session} />;
  } else if (gameCode === 'dice') {
    title = t('play.dice');
    game = <DiceGame session={session} />;
  } else if (gameCode === 'plinko') {
    title = 'Plinko';
    game = <PlinkoGame session={session} />;
  } else if (gameCode === 'mines') {
    title = t('play.minesTitle');
    game = <MinesGame session={session} />;
  } else if (gameCode === 'crash') {
    title = 'Crash';
    game = <CrashGame session={session} />;
  } else game = null;

  return (
    <div className="play" data-testid="page-play" data-game={gameCode} data-mode={session.demo ? 'demo' : 'real'}>
      <header className="play__bar">
        <h1 className="play__title">{title}</h1>
        <span className={`badge${session.demo ? '' : ' badge--real'}`} data-testid="play-mode">
          {session.demo ? t('play.demoMode') : t('play.realMode')}
        </span>
        <Balance session={session} />
      </header>
      {game ?? <EmptyState icon={<IconSlots size={36} />} title={t('play.unavailable')} text={t('play.unavailableText')} />}
      {game ? <LastRound session={session} /> : null}
      {session.error ? (
        <div className="play__error" role="alert">
          <p data-testid="play-error">{session.error}</p>
          {session.errorDetail ? <p data-testid="play-error-detail">{session.errorDetail}</p> : null}
        </div>
      ) : null}
    </div>
  );
}

function Balance({ session }: { session: PlaySession }) {
  const { t } = useTranslation();
  return (
    <span className="play__balance">
      <span className="play__balance-label">{session.demo ? t('play.demoBalance') : t('play.balance')}</span>
      <strong className="amount" data-testid="play-balance">
        {session.demo ? t('play.demoMoney') : session.balance === null ? t('play.balanceAfterRound') : session.money(session.balance)}
      </strong>
    </span>
  );
}
