import type { PlayType } from '@platform/games/lottery';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { costOf, prizeOf } from '../boards.ts';
import { type Unit, units } from './use-bet-builder.ts';

/** The stake of the bet on the board: unit and multiple, its 注 count and amount (with the prize of a one-option play), and "add to slip". */
export function StakeBar({
  play,
  unit,
  onUnit,
  multiple,
  onMultiple,
  betCount,
  amount,
  onAdd,
  money,
}: {
  play: PlayType;
  unit: Unit;
  onUnit: (unit: Unit) => void;
  multiple: number;
  onMultiple: (multiple: number) => void;
  betCount: number;
  /** Minor units. */
  amount: number;
  onAdd: () => void;
  money: (minor: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <div className="stake" data-testid="stake">
      <fieldset className="stake__units">
        <legend className="stake__label">{t('lottery.unit')}</legend>
        {units.map((u) => (
          <button
            key={u}
            type="button"
            className={`chip-btn${u === unit ? ' is-active' : ''}`}
            aria-pressed={u === unit}
            onClick={() => onUnit(u)}
            data-testid={`unit-${u}`}
          >
            {money(u)}
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
          onChange={(e) => onMultiple(Math.min(10_000, Math.max(1, Math.round(Number(e.target.value)) || 1)))}
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
      <Button variant="primary" onClick={onAdd} disabled={betCount === 0} data-testid="add-to-slip">
        {t('lottery.addToSlip')}
      </Button>
    </div>
  );
}
