import { toMinor } from '@platform/contract';
import { type PlinkoResult, type PlinkoRisk, plinkoRisks, plinkoTable } from '@platform/games/fair';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fixed } from '../../i18n/numbers.ts';
import { Button } from '../../ui/Button.tsx';
import { FairPanel, lastRoundVerifyHref } from './FairPanel.tsx';
import { dropPlinko } from './play-api.ts';
import { firstStake, StakeField } from './StakeField.tsx';
import type { PlaySession } from './use-play.ts';

const rowChoices = [8, 9, 10, 11, 12, 13, 14, 15, 16];

/** Plinko: the ball falls through the pegs left or right per row; the slot it lands in pays its multiplier. */
export function PlinkoGame({ session }: { session: PlaySession }) {
  const { t } = useTranslation();
  const [stake, setStake] = useState(() => firstStake(session.currency));
  const [rows, setRows] = useState(8);
  const [risk, setRisk] = useState<PlinkoRisk>('low');
  const [played, setPlayed] = useState({ stake: 100, rows: 8, risk: 'low' as PlinkoRisk });
  const [step, setStep] = useState(0);
  const result = session.last?.outcome as PlinkoResult | undefined;
  const shownRows = result ? played.rows : rows;
  const table = plinkoTable(shownRows, result ? played.risk : risk);

  // The ball goes down one row at a time (at once for readers who prefer less motion).
  useEffect(() => {
    if (!result) return;
    const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (reduce) {
      setStep(result.path.length);
      return;
    }
    setStep(0);
    const timer = setInterval(() => setStep((s) => (s >= result.path.length ? s : s + 1)), 120);
    return () => clearInterval(timer);
  }, [result]);

  const width = 320;
  const gap = width / (shownRows + 2);
  const height = gap * (shownRows + 1.5);
  const x = (row: number, col: number) => width / 2 + (col - row / 2) * gap;
  const y = (row: number) => gap * (row + 1);
  let col = 0;
  const ballPoints = [{ cx: x(0, 0), cy: y(0) - gap * 0.6 }];
  for (let r = 0; r < (result?.path.length ?? 0); r++) {
    col += result?.path[r] ?? 0;
    ballPoints.push({ cx: x(r + 1, col), cy: y(r + 1) - gap * 0.5 });
  }
  const ball = ballPoints[Math.min(step, ballPoints.length - 1)];

  return (
    <div className="play-game plinko" data-testid="plinko-game">
      <svg viewBox={`0 0 ${width} ${height}`} className="plinko__board" role="img" aria-label={t('play.plinkoBoard')}>
        {Array.from({ length: shownRows }, (_, r) =>
          Array.from({ length: r + 3 }, (_, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: pegs are positions
            <circle key={`${r}-${c}`} cx={x(r, c - 1)} cy={y(r)} r={2.5} className="plinko__peg" />
          )),
        )}
        {table.map((bp, k) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: slots are positions
          <g key={k} className={`plinko__slot${result && step >= result.path.length && result.slot === k ? ' is-hit' : ''}`}>
            <rect x={x(shownRows, k) - gap / 2 + 1} y={y(shownRows) - gap * 0.35} width={gap - 2} height={gap * 0.7} rx={3} />
            <text x={x(shownRows, k)} y={y(shownRows) + 3} textAnchor="middle" fontSize={Math.min(9, gap / 3.2)}>
              {formatMultiplier(bp)}
            </text>
          </g>
        ))}
        {result && ball ? <circle cx={ball.cx} cy={ball.cy} r={gap * 0.22} className="plinko__ball" data-testid="plinko-ball" /> : null}
      </svg>
      <div className="play-controls">
        <label className="play-field">
          <span>{t('play.rows')}</span>
          <select value={rows} onChange={(e) => setRows(Number(e.target.value))} data-testid="plinko-rows">
            {rowChoices.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label className="play-field">
          <span>{t('play.risk')}</span>
          <select value={risk} onChange={(e) => setRisk(e.target.value as PlinkoRisk)} data-testid="plinko-risk">
            {plinkoRisks.map((r) => (
              <option key={r} value={r}>
                {t(`play.risk_${r}`)}
              </option>
            ))}
          </select>
        </label>
        <StakeField value={stake} onChange={setStake} money={session.money} currency={session.currency} testId="plinko-stake" />
        <Button
          variant="accent"
          size="lg"
          busy={session.busy}
          onClick={() =>
            void session
              .play(() => dropPlinko(session.token, stake, rows, risk))
              .then((answer) => {
                if (answer) setPlayed({ stake: toMinor(stake, session.currency), rows, risk });
              })
          }
          data-testid="plinko-play"
        >
          {t('play.drop')}
        </Button>
      </div>
      <div className="play-result" aria-live="polite" data-testid="plinko-result">
        {result && session.last ? (
          <span className={session.last.win > 0 ? 'play-result__win' : undefined}>
            {t('play.landed', { multiplier: formatMultiplier(result.multiplierBp) })} ·{' '}
            {t('play.paid', { amount: session.money(session.last.win) })}
          </span>
        ) : (
          <span>{t('play.plinkoHint')}</span>
        )}
      </div>
      <FairPanel session={session} verifyLink={lastRoundVerifyHref(session, 'plinko', played)} />
    </div>
  );
}

export function formatMultiplier(bp: number): string {
  const v = bp / 10_000;
  return `${fixed(v, v >= 10 || v % 1 === 0 ? 0 : 1)}×`;
}
