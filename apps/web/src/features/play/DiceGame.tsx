import { toMinor } from '@platform/contract';
import { type DiceResult, diceMultiplierBp, diceWinningRolls } from '@platform/games/fair';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fixed } from '../../i18n/numbers.ts';
import { Button } from '../../ui/Button.tsx';
import { FairPanel, lastRoundVerifyHref } from './FairPanel.tsx';
import { rollDice } from './play-api.ts';
import { firstStake, type StakeChoice, StakeField } from './StakeField.tsx';
import type { PlaySession } from './use-play.ts';

/** Dice: roll 0.00-99.99 over or under a target; the slider keeps the win chance within 1%-98%. */
export function DiceGame({ session }: { session: PlaySession }) {
  const { t } = useTranslation();
  const [stake, setStake] = useState<StakeChoice>(() => firstStake(session.currency));
  const [target, setTarget] = useState(5000);
  const [direction, setDirection] = useState<'over' | 'under'>('over');
  const result = session.last?.outcome as DiceResult | undefined;
  const chance = diceWinningRolls(target, direction) / 100;
  const multiplier = diceMultiplierBp(target, direction) / 10_000;
  const min = direction === 'over' ? 199 : 100;
  const max = direction === 'over' ? 9899 : 9800;
  // The bet of the round on screen, for its verify link (the slider may have moved since).
  const [played, setPlayed] = useState({ stake: 100, target, direction });

  const flip = (next: 'over' | 'under') => {
    setDirection(next);
    setTarget((v) => Math.min(next === 'over' ? 9899 : 9800, Math.max(next === 'over' ? 199 : 100, v)));
  };

  return (
    <div className="play-game dice" data-testid="dice-game">
      <div className="dice__track">
        <div className={`dice__bar is-${direction}`} style={{ ['--target' as string]: `${target / 100}%` }} aria-hidden="true" />
        {result ? (
          <span className={`dice__roll${result.win ? ' is-win' : ''}`} style={{ left: `${result.roll / 100}%` }} data-testid="dice-roll">
            {fixed(result.roll / 100, 2)}
          </span>
        ) : null}
      </div>
      <label className="play-field dice__slider">
        <span>{t('play.target', { value: fixed(target / 100, 2) })}</span>
        <input
          type="range"
          min={min}
          max={max}
          value={target}
          onChange={(e) => setTarget(Number(e.target.value))}
          data-testid="dice-target"
        />
      </label>
      <div className="play-controls">
        <fieldset className="play-field play-fieldset">
          <legend>{t('play.direction')}</legend>
          <div className="seg">
            {(['under', 'over'] as const).map((d) => (
              <button
                key={d}
                type="button"
                className={`chip-btn${direction === d ? ' is-active' : ''}`}
                aria-pressed={direction === d}
                onClick={() => flip(d)}
                data-testid={`dice-${d}`}
              >
                {t(`play.${d}`)}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="play-field">
          <span>{t('play.chance')}</span>
          <strong className="amount">{fixed(chance, 2)}%</strong>
        </div>
        <div className="play-field">
          <span>{t('play.multiplier')}</span>
          <strong className="amount">{fixed(multiplier, 4)}×</strong>
        </div>
        <StakeField value={stake} onChange={setStake} money={session.money} currency={session.currency} testId="dice-stake" />
        <Button
          variant="accent"
          size="lg"
          busy={session.busy}
          onClick={() =>
            void session
              .play(() => rollDice(session.token, stake, target / 100, direction))
              .then((answer) => {
                if (answer) setPlayed({ stake: toMinor(stake, session.currency), target, direction });
              })
          }
          data-testid="dice-play"
        >
          {t('play.roll')}
        </Button>
      </div>
      <div className="play-result" aria-live="polite" data-testid="dice-result">
        {result && session.last ? (
          result.win ? (
            <strong className="play-result__win">
              {t('play.rolled', { roll: fixed(result.roll / 100, 2) })} · {t('play.youWin', { amount: session.money(session.last.win) })}
            </strong>
          ) : (
            <span>
              {t('play.rolled', { roll: fixed(result.roll / 100, 2) })} · {t('play.noWin')}
            </span>
          )
        ) : (
          <span>{t('play.diceHint')}</span>
        )}
      </div>
      <FairPanel session={session} verifyLink={lastRoundVerifyHref(session, 'dice', played)} />
    </div>
  );
}
