import { colourOf, type DrawContext, type PlayType } from '@platform/games/lottery';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { type Board, type Picks, zodiacCells } from '../boards.ts';
import { padNumber, rowLabel } from '../format.ts';

function range(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** One row of number buttons (a position, a rank, or the whole pool). */
function NumberRow({
  label,
  numbers,
  pad,
  picked,
  onChange,
  testId,
  ball,
}: {
  label: string;
  numbers: number[];
  pad: number;
  picked: number[];
  onChange: (next: number[]) => void;
  testId: string;
  /** Colour the buttons as Mark Six balls. */
  ball?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="pick-row" data-testid={testId}>
      {label ? <legend className="pick-row__label">{label}</legend> : <legend className="sr-only">{t('lottery.pickNumbers')}</legend>}
      <div className="pick-row__numbers">
        {numbers.map((n) => {
          const on = picked.includes(n);
          const colour = ball ? ` pick--${colourOf(n).toLowerCase()}` : '';
          return (
            <button
              key={n}
              type="button"
              className={`pick${on ? ' is-on' : ''}${colour}`}
              aria-pressed={on}
              data-n={n}
              onClick={() => onChange(toggle(picked, n))}
            >
              {padNumber(n, pad)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The twelve animals of the draw's year, each a toggle showing its odds and its numbers as coloured balls. */
function ZodiacPicker({
  draw,
  picked,
  onChange,
  odds,
}: {
  draw: DrawContext;
  picked: string[];
  onChange: (next: string[]) => void;
  odds: (option: string) => string;
}) {
  const { t } = useTranslation();
  const year = draw.yearAnimal;
  if (!year) return <p className="muted">{t('lottery.noIssue')}</p>;
  const name = (animal: string) => t(`lottery.zodiac.${animal}` as 'lottery.zodiac.RAT');
  return (
    <fieldset className="zodiac-row" data-testid="pick-zodiac" data-year={year}>
      <legend className="zodiac__year">{t('lottery.yearOf', { animal: name(year) })}</legend>
      <div className="zodiac">
        {zodiacCells(year).map(({ animal, numbers, option }) => {
          const on = picked.includes(animal);
          return (
            <button
              key={animal}
              type="button"
              className={`zodiac__cell${on ? ' is-on' : ''}${animal === year ? ' is-year' : ''}`}
              aria-pressed={on}
              data-option={animal}
              onClick={() => onChange(toggle(picked, animal))}
            >
              <span className="zodiac__head">
                <span className="zodiac__name">{name(animal)}</span>
                <small className="pick__odds">{odds(option)}</small>
              </span>
              <span className="zodiac__balls">
                {numbers.map((n) => (
                  <span key={n} className={`zodiac__ball zodiac__ball--${colourOf(n).toLowerCase()}`} data-n={n}>
                    {padNumber(n, 2)}
                  </span>
                ))}
              </span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The number pickers (or option buttons) of a play type, with quick pick and clear. */
export function BetBoard({
  play,
  board,
  picks,
  onPicks,
  onQuickPick,
  odds,
  draw = {},
}: {
  play: PlayType;
  board: Board;
  picks: Picks;
  onPicks: (next: Picks) => void;
  onQuickPick: () => void;
  /** Decimal odds per option key, for option boards. */
  odds: (option: string) => string;
  /** The draw the picks are for (the Mark Six year animal). */
  draw?: DrawContext;
}) {
  const { t } = useTranslation();
  const setRow = (index: number, next: number[]) => onPicks({ ...picks, rows: picks.rows.map((r, i) => (i === index ? next : r)) });
  let body: ReactNode;
  switch (board.kind) {
    case 'positions': {
      const pad = board.max >= 10 ? 2 : 0;
      body = board.rows.map((label, i) => (
        <NumberRow
          key={label.kind === 'rank' ? `rank-${label.n}` : label.kind === 'digit-position' ? `pos-${label.index}` : 'row'}
          label={rowLabel(t, label)}
          numbers={range(board.min, board.max)}
          pad={pad}
          picked={picks.rows[i] ?? []}
          onChange={(next) => setRow(i, next)}
          testId={`pick-row-${i}`}
        />
      ));
      break;
    }
    case 'numbers':
      body = (
        <NumberRow
          label=""
          numbers={range(board.min, board.max)}
          pad={board.pad}
          picked={picks.rows[0] ?? []}
          onChange={(next) => setRow(0, next)}
          testId="pick-row-0"
          ball={play.game === 'LHC'}
        />
      );
      break;
    case 'composed':
      body = Array.from({ length: board.digits }, (_, i) => (
        <NumberRow
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are fixed digit places
          key={i}
          label={rowLabel(t, { kind: 'digit-position', index: 5 - board.digits + i })}
          numbers={range(0, 9)}
          pad={0}
          picked={picks.rows[i] ?? []}
          onChange={(next) => setRow(i, next)}
          testId={`pick-row-${i}`}
        />
      ));
      break;
    case 'options':
      body = (
        <>
          {board.at ? (
            <fieldset className="pick-row" data-testid="pick-at">
              <legend className="pick-row__label">{t(board.at.field === 'rank' ? 'lottery.onRank' : 'lottery.onPosition')}</legend>
              <div className="pick-row__numbers">
                {board.at.keys.map((key, i) => {
                  const label = board.at?.values[i];
                  const on = picks.at === key;
                  return (
                    <button
                      key={key}
                      type="button"
                      className={`pick pick--wide${on ? ' is-on' : ''}`}
                      aria-pressed={on}
                      data-at={key}
                      onClick={() => onPicks({ ...picks, at: key })}
                    >
                      {label ? rowLabel(t, label) : key}
                    </button>
                  );
                })}
              </div>
            </fieldset>
          ) : null}
          <fieldset className="pick-row" data-testid="pick-options">
            <legend className="sr-only">{t('lottery.pickOptions')}</legend>
            <div className="pick-row__numbers">
              {board.choices.map((choice) => {
                const on = picks.choices.includes(choice);
                return (
                  <button
                    key={choice}
                    type="button"
                    className={`pick pick--option pick--${choice.toLowerCase()}${on ? ' is-on' : ''}`}
                    aria-pressed={on}
                    data-option={choice}
                    onClick={() => onPicks({ ...picks, choices: toggle(picks.choices, choice) })}
                  >
                    <span>{t(`lottery.option.${choice}` as 'lottery.option.BIG')}</span>
                    <small className="pick__odds">{odds(choice)}</small>
                  </button>
                );
              })}
            </div>
          </fieldset>
        </>
      );
      break;
    case 'zodiac':
      body = <ZodiacPicker draw={draw} picked={picks.choices} onChange={(choices) => onPicks({ ...picks, choices })} odds={odds} />;
      break;
  }
  return (
    <section className="board" data-testid="bet-board" aria-label={t('lottery.board')}>
      <div className="board__rows">{body}</div>
      <div className="board__tools">
        <Button
          variant="outline"
          size="sm"
          onClick={onQuickPick}
          disabled={board.kind === 'zodiac' && !draw.yearAnimal}
          data-testid="quick-pick"
        >
          {t('lottery.quickPick')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onPicks({ ...picks, rows: picks.rows.map(() => []), choices: [] })}
          data-testid="clear-picks"
        >
          {t('lottery.clear')}
        </Button>
      </div>
    </section>
  );
}
