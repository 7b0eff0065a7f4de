import { MAX_CHASE_ISSUES } from '@platform/contract';
import { chasePlan } from '@platform/games/lottery';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { formatMoney } from '../../../ui/format-money.ts';
import { IconClose } from '../../../ui/icons.tsx';
import { playOf, prizeMode } from '../boards.ts';
import { playLabel, selectionText } from '../format.ts';

/** One bet on the slip, priced by the package as the server will price it. */
export interface SlipBet {
  key: string;
  playType: string;
  selection: unknown;
  unit: 100 | 10 | 1;
  multiple: number;
  betCount: number;
  /** Minor units for one issue. */
  amount: number;
}

export interface Chase {
  on: boolean;
  issues: number;
  stopOnWin: boolean;
  doubling: boolean;
  every: number;
  factor: number;
}

export const noChase: Chase = { on: false, issues: 5, stopOnWin: true, doubling: false, every: 2, factor: 2 };

/** Amount of the whole slip in minor units: each bet over the chase's issues with its doubling; null when a doubling overflows. */
export function slipAmount(bets: readonly SlipBet[], chase: Chase): number | null {
  if (!chase.on) return bets.reduce((s, b) => s + b.amount, 0);
  const issues = Array.from({ length: chase.issues }, (_, i) => String(i + 1));
  try {
    return bets.reduce(
      (s, b) =>
        s +
        chasePlan(playOf(b.playType), b.selection, { unit: b.unit, multiple: b.multiple }, prizeMode, {
          issues,
          stopOnWin: chase.stopOnWin,
          ...(chase.doubling ? { doubling: { every: chase.every, factor: chase.factor } } : {}),
        }).totalAmount,
      0,
    );
  } catch {
    return null;
  }
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Number.isFinite(value) ? Math.round(value) : min));

/** The bet slip: bets with their 注 and amount, remove, chase, totals and place. */
export function BetSlip({
  bets,
  onRemove,
  onClear,
  chase,
  onChase,
  onPlace,
  busy,
  rowErrors,
  slipError,
  slipErrorDetail,
  chaseError,
  currency,
  locale,
  balance,
  canChase,
}: {
  bets: readonly SlipBet[];
  onRemove: (key: string) => void;
  onClear: () => void;
  chase: Chase;
  onChase: (next: Chase) => void;
  onPlace: () => void;
  busy: boolean;
  rowErrors: ReadonlyMap<number, string>;
  slipError: string | null;
  /** For a slip a limit refused: which limit, what is left, when it resets. */
  slipErrorDetail: string | null;
  chaseError: string | null;
  currency: string;
  locale: string;
  balance: number | null;
  canChase: boolean;
}) {
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const count = bets.reduce((s, b) => s + b.betCount, 0);
  const total = slipAmount(bets, chase);
  return (
    <section className="slip card" data-testid="bet-slip" aria-labelledby="slip-title">
      <header className="slip__head">
        <h2 id="slip-title" className="slip__title">
          {t('lottery.slip')}
        </h2>
        {bets.length > 0 ? (
          <button type="button" className="lot-link" onClick={onClear} data-testid="slip-clear">
            {t('lottery.clearSlip')}
          </button>
        ) : null}
      </header>
      {bets.length === 0 ? (
        <p className="slip__empty">{t('lottery.slipEmpty')}</p>
      ) : (
        <ol className="slip__list">
          {bets.map((b, i) => {
            const play = playOf(b.playType);
            const error = rowErrors.get(i);
            return (
              <li key={b.key} className={`slip__bet${error ? ' has-error' : ''}`} data-testid="slip-bet">
                <div className="slip__bet-main">
                  <strong>{playLabel(t, b.playType)}</strong> <span className="market">{play.name}</span>
                  <div className="slip__picks">{selectionText(t, b.playType, b.selection)}</div>
                  <div className="slip__meta">
                    {t('lottery.betCount', { count: b.betCount })} · {t('lottery.unitShort', { unit: money(b.unit) })} · ×{b.multiple} ·{' '}
                    <span className="amount">{money(b.amount)}</span>
                  </div>
                  {error ? (
                    <p className="field__error" role="alert" data-testid="slip-bet-error">
                      {error}
                    </p>
                  ) : null}
                </div>
                <button
                  type="button"
                  className="icon-btn"
                  onClick={() => onRemove(b.key)}
                  aria-label={t('lottery.remove')}
                  data-testid="slip-remove"
                >
                  <IconClose size={16} />
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {canChase ? (
        <fieldset className="slip__chase" data-testid="chase">
          <legend className="sr-only">{t('lottery.chase')}</legend>
          <label className="check">
            <input
              type="checkbox"
              checked={chase.on}
              onChange={(e) => onChase({ ...chase, on: e.target.checked })}
              data-testid="chase-on"
            />
            {t('lottery.chase')}
          </label>
          {chase.on ? (
            <div className="slip__chase-fields">
              <label className="mini-field">
                <span>{t('lottery.chaseIssues')}</span>
                <input
                  type="number"
                  min={2}
                  max={MAX_CHASE_ISSUES}
                  value={chase.issues}
                  onChange={(e) => onChase({ ...chase, issues: clamp(Number(e.target.value), 2, MAX_CHASE_ISSUES) })}
                  data-testid="chase-issues"
                />
              </label>
              <label className="check">
                <input
                  type="checkbox"
                  checked={chase.stopOnWin}
                  onChange={(e) => onChase({ ...chase, stopOnWin: e.target.checked })}
                  data-testid="chase-stop"
                />
                {t('lottery.stopOnWin')}
              </label>
              <label className="check">
                <input
                  type="checkbox"
                  checked={chase.doubling}
                  onChange={(e) => onChase({ ...chase, doubling: e.target.checked })}
                  data-testid="chase-doubling"
                />
                {t('lottery.doubling')}
              </label>
              {chase.doubling ? (
                <div className="slip__doubling">
                  <label className="mini-field">
                    <span>{t('lottery.doublingEvery')}</span>
                    <input
                      type="number"
                      min={1}
                      max={MAX_CHASE_ISSUES}
                      value={chase.every}
                      onChange={(e) => onChase({ ...chase, every: clamp(Number(e.target.value), 1, MAX_CHASE_ISSUES) })}
                      data-testid="chase-every"
                    />
                  </label>
                  <label className="mini-field">
                    <span>{t('lottery.doublingFactor')}</span>
                    <input
                      type="number"
                      min={1}
                      max={10}
                      value={chase.factor}
                      onChange={(e) => onChase({ ...chase, factor: clamp(Number(e.target.value), 1, 10) })}
                      data-testid="chase-factor"
                    />
                  </label>
                </div>
              ) : null}
              {chaseError ? (
                <p className="field__error" role="alert" data-testid="chase-error">
                  {chaseError}
                </p>
              ) : null}
            </div>
          ) : null}
        </fieldset>
      ) : null}
      <dl className="slip__totals">
        <div>
          <dt>{t('lottery.totalBets')}</dt>
          <dd data-testid="slip-count">{count}</dd>
        </div>
        <div>
          <dt>{chase.on ? t('lottery.totalChase', { count: chase.issues }) : t('lottery.total')}</dt>
          <dd className="amount" data-testid="slip-amount">
            {total === null ? t('lottery.tooLarge') : money(total)}
          </dd>
        </div>
        {balance !== null ? (
          <div>
            <dt>{t('lottery.balance')}</dt>
            <dd className="amount" data-testid="slip-balance">
              {money(balance)}
            </dd>
          </div>
        ) : null}
      </dl>
      {slipError ? (
        <div className="form-error slip__error" role="alert">
          <p data-testid="slip-error">{slipError}</p>
          {slipErrorDetail ? <p data-testid="slip-error-detail">{slipErrorDetail}</p> : null}
        </div>
      ) : null}
      <Button
        variant="accent"
        size="lg"
        className="slip__place"
        onClick={onPlace}
        busy={busy}
        disabled={bets.length === 0 || total === null}
        data-testid="place-bets"
      >
        {t('lottery.place')}
      </Button>
    </section>
  );
}
