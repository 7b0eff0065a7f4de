import { currencyOf, toAmount, toMinor } from '@platform/contract';
import type { SlotConfig, SpinOutcome } from '@platform/games/slots';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { FairPanel, lastRoundVerifyHref } from './FairPanel.tsx';
import { spinSlot } from './play-api.ts';
import { SymbolTile } from './SymbolTile.tsx';
import type { PlaySession } from './use-play.ts';

/** Bets per line offered in a currency, in its units: the currency table's ladder (20 lines: totals 100 to 50 000 F CFA, R$ 0,20 to R$ 500). */
const betsPerLineOf = (currency: string) => currencyOf(currency).lineBets.map((minor) => toAmount(minor, currency));

/**
 * A video slot: the reels window of each spin of the answer (the paid spin, then its free spins),
 * winning lines highlighted and listed, the round's win, and the bet-per-line selector.
 */
export function SlotGame({ config, session }: { config: SlotConfig; session: PlaySession }) {
  const { t } = useTranslation();
  const betsPerLine = betsPerLineOf(session.currency);
  // 5 F CFA a line (100 F CFA a spin), R$ 0,01 a line (R$ 0,20).
  const [betPerLine, setBetPerLine] = useState(() => betsPerLineOf(session.currency)[0] ?? 1);
  const [shown, setShown] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const round = session.last?.outcome as { spins?: SpinOutcome[]; totalWin?: number } | undefined;
  const spins = round?.spins ?? [];
  const spin = spins[shown];
  const lines = config.paylines.length;
  const symbols = new Map(config.symbols.map((s, i) => [s.id, { symbol: s, index: i }]));
  const winning = new Set<string>();
  for (const win of spin?.lineWins ?? []) {
    const line = config.paylines[win.line] ?? [];
    for (let reel = 0; reel < win.count; reel++) winning.add(`${line[reel]}-${reel}`);
  }
  // Before the first spin the reels show their strips' first rows.
  const window: string[][] =
    spin?.window ?? Array.from({ length: config.rows }, (_, row) => config.reels.map((strip) => strip.split(' ')[row] ?? ''));

  const play = async () => {
    setSpinning(true);
    const answer = await session.play(() => spinSlot(session.token, config.id, betPerLine));
    setShown(0);
    setSpinning(false);
    return answer;
  };
  const minor = (v: number) => session.money(toAmount(v, session.currency));

  return (
    <div className="play-game slot" data-testid="slot-game">
      <div
        className={`slot__window${spinning ? ' is-spinning' : ''}`}
        style={{ gridTemplateColumns: `repeat(${window[0]?.length ?? 5}, 1fr)` }}
      >
        {window.flatMap((row, r) =>
          row.map((id, reel) => {
            const found = symbols.get(id);
            return (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions in the window
                key={`${r}-${reel}`}
                className={`slot__cell${winning.has(`${r}-${reel}`) ? ' is-win' : ''}`}
                data-testid="slot-cell"
                data-symbol={id}
              >
                {found ? <SymbolTile symbol={found.symbol} index={found.index} /> : null}
                {found ? (
                  <span className="slot__name" aria-hidden="true">
                    {found.symbol.name}
                  </span>
                ) : null}
              </div>
            );
          }),
        )}
      </div>
      {spins.length > 1 ? (
        <fieldset className="slot__spins">
          <legend className="sr-only">{t('play.freeSpins')}</legend>
          <span className="slot__spins-label" data-testid="slot-free-spins">
            {t('play.freeSpinsWon', { count: spins.length - 1, multiplier: config.freeSpins.multiplier })}
          </span>
          {spins.map((s, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: spins are played in order
              key={i}
              type="button"
              className={`chip-btn${i === shown ? ' is-active' : ''}`}
              onClick={() => setShown(i)}
              aria-pressed={i === shown}
            >
              {i === 0 ? t('play.paidSpin') : t('play.freeSpin', { n: i })}
              {s.totalWin > 0 ? ` · ${minor(s.totalWin)}` : ''}
            </button>
          ))}
        </fieldset>
      ) : null}
      <div className="play-result" aria-live="polite" data-testid="slot-result">
        {session.last ? (
          session.last.win > 0 ? (
            <strong className="play-result__win">{t('play.youWin', { amount: session.money(session.last.win) })}</strong>
          ) : (
            <span>{t('play.noWin')}</span>
          )
        ) : (
          <span>{t('play.slotHint', { lines })}</span>
        )}
      </div>
      {spin && spin.lineWins.length > 0 ? (
        <ul className="slot__wins" data-testid="slot-line-wins">
          {spin.lineWins.map((w) => (
            <li key={w.line}>
              {t('play.lineWin', {
                line: w.line + 1,
                count: w.count,
                symbol: symbols.get(w.symbol)?.symbol.name ?? w.symbol,
                amount: minor(w.win),
              })}
            </li>
          ))}
          {spin.scatterWin > 0 ? <li>{t('play.scatterWin', { count: spin.scatterCount, amount: minor(spin.scatterWin) })}</li> : null}
        </ul>
      ) : null}
      <div className="play-controls">
        <label className="play-field">
          <span>{t('play.betPerLine')}</span>
          <select value={betPerLine} onChange={(e) => setBetPerLine(Number(e.target.value))} data-testid="slot-bet">
            {betsPerLine.map((b) => (
              <option key={b} value={b}>
                {session.money(b)}
              </option>
            ))}
          </select>
        </label>
        <div className="play-field">
          <span>{t('play.totalBet')}</span>
          <strong className="amount" data-testid="slot-total-bet">
            {session.money(toAmount(toMinor(betPerLine, session.currency) * lines, session.currency))}
          </strong>
        </div>
        <Button variant="accent" size="lg" busy={session.busy} onClick={() => void play()} data-testid="slot-spin">
          {t('play.spin')}
        </Button>
      </div>
      <FairPanel
        session={session}
        verifyLink={lastRoundVerifyHref(session, config.id, {
          betPerLine: Math.round(toMinor(session.last?.stake ?? betPerLine * lines, session.currency) / lines),
        })}
      />
    </div>
  );
}
