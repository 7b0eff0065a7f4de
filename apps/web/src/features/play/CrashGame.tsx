import type { CrashRound, CrashState } from '@platform/contract';
import { toAmount, toMinor } from '@platform/contract';
import { CRASH_GROWTH_PER_MS, crashMultiplierAt, payoutOf } from '@platform/games/fair';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { fixed } from '../../i18n/numbers.ts';
import { Button } from '../../ui/Button.tsx';
import { verifyHref } from './FairPanel.tsx';
import { betCrash, type CrashBetAnswer, cashOutCrash, watchCrash } from './play-api.ts';
import { firstStake, StakeField } from './StakeField.tsx';
import type { PlaySession } from './use-play.ts';

/** The player's bet in a round, as the bet and cash-out answers left it (multipliers in hundredths). */
interface MyBet {
  sequence: number;
  stake: number;
  autoCashOut: number | null;
  status: CrashBetAnswer['status'];
  cashOut: number | null;
  payout: number;
  /** Known once the round has crashed. */
  crashPoint: number | null;
}

type Phase = 'connecting' | 'waiting' | 'betting' | 'running' | 'crashed';

const x = (hundredths: number) => fixed(hundredths / 100, 2);
const seconds = (ms: number) => fixed(Math.max(0, ms) / 1000, 1);
/** What a stake (currency units) pays at a multiplier (hundredths), as the server rounds it: down to the minor unit. */
const payAt = (stake: number, multiplier: number, currency: string) =>
  toAmount(payoutOf(toMinor(stake, currency), multiplier * 100), currency);

/** Auto cash-out as typed: empty is none; otherwise 1.01-1000000 with at most two decimals, in hundredths. */
function parseAuto(text: string): number | null | undefined {
  const v = text.trim().replace(',', '.');
  if (v === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return undefined;
  const hundredths = Math.round(Number(v) * 100);
  return hundredths >= 101 && hundredths <= 100_000_000 ? hundredths : undefined;
}

/**
 * Crash: one round for every player, followed live over the server's socket. Bets are taken while
 * betting is open; the multiplier then climbs from the round's start (drawn here from the server's
 * clock) until the server says it crashed; an open bet cashes out at the server's instant. The round's
 * seed hash is shown before, the seed after, with a link that recomputes the crash point.
 */
export function CrashGame({ session }: { session: PlaySession }) {
  const { t } = useTranslation();
  const [state, setState] = useState<CrashState | null>(null);
  const [online, setOnline] = useState(true);
  // Server clock minus ours, from the last push: the multiplier is drawn from the server's start time.
  const offset = useRef(0);
  const [now, setNow] = useState(() => Date.now());
  const [stake, setStake] = useState(() => firstStake(session.currency));
  const [autoText, setAutoText] = useState('');
  const [mine, setMine] = useState<MyBet | null>(null);
  const [busy, setBusy] = useState(false);
  // A refusal stays on screen for the round it happened in.
  const [problem, setProblem] = useState<{ text: string; round: string | undefined } | null>(null);

  useEffect(
    () =>
      watchCrash((next) => {
        offset.current = Date.parse(next.serverTime) - Date.now();
        setState(next);
      }, setOnline),
    [],
  );

  const current = state?.current ?? null;
  const serverNow = now + offset.current;
  let phase: Phase = 'connecting';
  if (state && !current) phase = 'waiting';
  else if (current) {
    if (current.phase === 'crashed') phase = 'crashed';
    else if (serverNow < Date.parse(current.bettingOpensAt)) phase = 'waiting';
    else if (serverNow < Date.parse(current.startsAt)) phase = 'betting';
    else phase = 'running';
  }
  const elapsed = current ? serverNow - Date.parse(current.startsAt) : 0;
  const multiplier = phase === 'running' ? crashMultiplierAt(elapsed) : 100;
  // The round that last crashed: the current one, or (between rounds) the one before it.
  const crashed = current?.phase === 'crashed' ? current : (state?.previous.find((r) => r.crashPoint !== null) ?? null);
  const shown = phase === 'waiting' || phase === 'crashed' ? (crashed ?? current) : current;

  // Redraw often while the multiplier climbs, calmly otherwise.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), phase === 'running' ? 50 : 200);
    return () => clearInterval(timer);
  }, [phase]);

  // The crash settles the bet: an auto cash-out the round reached wins, any other open bet is lost.
  const myRound = mine ? [current, ...(state?.previous ?? [])].find((r) => r?.sequence === mine.sequence) : undefined;
  const settledPoint = mine?.crashPoint === null ? (myRound?.crashPoint ?? null) : null;
  const { reloadBalance, currency } = session;
  useEffect(() => {
    if (settledPoint === null) return;
    setMine((m) => {
      if (!m || m.crashPoint !== null) return m;
      if (m.status !== 'open') return { ...m, crashPoint: settledPoint };
      if (m.autoCashOut !== null && m.autoCashOut <= settledPoint)
        return {
          ...m,
          crashPoint: settledPoint,
          status: 'cashed',
          cashOut: m.autoCashOut,
          payout: payAt(m.stake, m.autoCashOut, currency),
        };
      return { ...m, crashPoint: settledPoint, status: 'lost' };
    });
    // The settlement paid before the server pushed the crash: read the balance it left.
    reloadBalance();
  }, [settledPoint, reloadBalance, currency]);

  const inRound = mine !== null && current !== null && mine.sequence === current.sequence;
  const autoPassed = inRound && mine.status === 'open' && mine.autoCashOut !== null && multiplier >= mine.autoCashOut;

  const placeBet = async () => {
    if (!session.token) return;
    const auto = parseAuto(autoText);
    if (auto === undefined) return setProblem({ text: t('play.crash.autoRule'), round: current?.seedHash });
    setBusy(true);
    setProblem(null);
    try {
      const answer = await betCrash(session.token, stake, auto === null ? undefined : auto / 100);
      setMine({
        sequence: answer.sequence,
        stake: answer.stake,
        autoCashOut: auto,
        status: 'open',
        cashOut: null,
        payout: 0,
        crashPoint: null,
      });
      session.keepBalance(answer.balance);
    } catch (err) {
      setProblem({ text: errorText(t, err), round: current?.seedHash });
    } finally {
      setBusy(false);
    }
  };

  const cashOut = async () => {
    if (!session.token) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await cashOutCrash(session.token);
      const at = answer.cashOut === null ? null : Math.round(answer.cashOut * 100);
      setMine((m) => m && { ...m, status: answer.status, cashOut: at, payout: answer.payout });
      session.keepBalance(answer.balance);
    } catch (err) {
      setProblem({ text: errorText(t, err), round: current?.seedHash });
    } finally {
      setBusy(false);
    }
  };

  let action: ReactNode;
  if (phase === 'running' && inRound && mine.status === 'open' && !autoPassed) {
    action = (
      <Button variant="accent" size="lg" busy={busy} onClick={() => void cashOut()} className="crash__action" data-testid="crash-cashout">
        {t('play.crash.cashOut', { amount: session.money(payAt(mine.stake, multiplier, session.currency)) })}
      </Button>
    );
  } else {
    let label = t('play.crash.nextRound');
    if (phase === 'betting' && !inRound) label = t('play.crash.placeBet');
    else if (inRound && mine.status === 'open' && autoPassed && mine.autoCashOut !== null)
      label = t('play.crash.autoPassed', {
        multiplier: x(mine.autoCashOut),
        amount: session.money(payAt(mine.stake, mine.autoCashOut, session.currency)),
      });
    else if (inRound && phase === 'betting') label = t('play.crash.betPlaced', { amount: session.money(mine.stake) });
    action = (
      <Button
        variant="accent"
        size="lg"
        busy={busy}
        disabled={session.demo || phase !== 'betting' || inRound}
        onClick={() => void placeBet()}
        className="crash__action"
        data-testid="crash-bet"
      >
        {label}
      </Button>
    );
  }

  let outcome: ReactNode = <span>{session.demo ? t('play.crash.demoNote') : t('play.crash.hint')}</span>;
  if (mine?.status === 'cashed' && mine.cashOut !== null)
    outcome = (
      <strong className="play-result__win">
        {t('play.crash.won', { multiplier: x(mine.cashOut), amount: session.money(mine.payout) })}
      </strong>
    );
  else if (mine?.status === 'lost' && mine.crashPoint !== null)
    outcome = (
      <span className="crash__lost">{t('play.crash.lost', { multiplier: x(mine.crashPoint), amount: session.money(mine.stake) })}</span>
    );
  else if (mine?.status === 'open') outcome = <span>{t('play.crash.inPlay', { amount: session.money(mine.stake) })}</span>;

  return (
    <div className="play-game crash" data-testid="crash-game" data-phase={phase} data-round={current?.sequence ?? ''}>
      <div className={`crash__stage is-${phase}`}>
        <CrashCurve
          phase={phase}
          elapsed={elapsed}
          crashPoint={phase === 'crashed' || phase === 'waiting' ? (crashed?.crashPoint ?? null) : null}
        />
        <div className="crash__readout" aria-live="off">
          <div className="crash__readout-box">
            {phase === 'running' ? (
              <strong className="crash__multiplier amount" data-testid="crash-multiplier">
                <span className="sr-only">{t('play.crash.multiplier')} </span>
                {x(multiplier)}×
              </strong>
            ) : phase === 'betting' && current ? (
              <>
                <strong className="crash__headline">{t('play.crash.betting')}</strong>
                <span className="crash__countdown amount" data-testid="crash-countdown">
                  {t('play.crash.takeOffIn', { seconds: seconds(Date.parse(current.startsAt) - serverNow) })}
                </span>
              </>
            ) : (phase === 'waiting' || phase === 'crashed') && crashed?.crashPoint ? (
              <>
                <strong className="crash__multiplier is-crashed amount" data-testid="crash-crashed">
                  {t('play.crash.crashedAt', { multiplier: x(crashed.crashPoint) })}
                </strong>
                {current && phase === 'waiting' ? (
                  <span className="crash__countdown amount">
                    {t('play.crash.nextIn', { seconds: seconds(Date.parse(current.bettingOpensAt) - serverNow) })}
                  </span>
                ) : null}
              </>
            ) : (
              <strong className="crash__headline">{t('play.crash.waiting')}</strong>
            )}
          </div>
        </div>
      </div>
      {!online ? (
        <p className="crash__offline" role="status">
          {t('play.crash.offline')}
        </p>
      ) : null}
      <div className="play-controls">
        <StakeField value={stake} onChange={setStake} money={session.money} currency={session.currency} testId="crash-stake" />
        <label className="play-field">
          <span>{t('play.crash.autoCashOut')}</span>
          <input
            value={autoText}
            onChange={(e) => setAutoText(e.target.value)}
            inputMode="decimal"
            placeholder={t('play.crash.autoOff')}
            size={8}
            data-testid="crash-auto"
          />
        </label>
        {action}
      </div>
      {problem && problem.round === current?.seedHash ? (
        <p className="play__error" role="alert" data-testid="crash-error">
          {problem.text}
        </p>
      ) : null}
      <div className="play-result" aria-live="polite" data-testid="crash-outcome">
        {outcome}
      </div>
      <div className="crash__columns">
        <RoundBets round={shown} money={session.money} />
        <History rounds={current?.phase === 'crashed' ? [current, ...(state?.previous ?? [])] : (state?.previous ?? [])} />
      </div>
      <CrashFair current={current} crashed={crashed} />
    </div>
  );
}

/** The multiplier curve so far: time across, multiplier up, both axes growing with the round. */
function CrashCurve({ phase, elapsed, crashPoint }: { phase: Phase; elapsed: number; crashPoint: number | null }) {
  const { t } = useTranslation();
  const W = 600;
  const H = 240;
  // A crashed round is drawn up to its crash point; between rounds, the last round's whole curve.
  const until = phase === 'running' ? elapsed : crashPoint !== null ? Math.log(crashPoint / 100) / CRASH_GROWTH_PER_MS : 0;
  const spanMs = Math.max(10_000, until * 1.1);
  const top = Math.max(2, Math.exp(CRASH_GROWTH_PER_MS * until) * 1.15);
  const point = (ms: number) => {
    const m = Math.exp(CRASH_GROWTH_PER_MS * ms);
    return [(ms / spanMs) * W, H - ((m - 1) / (top - 1)) * H] as const;
  };
  const steps = 48;
  const line = Array.from({ length: steps + 1 }, (_, i) => point((until * i) / steps));
  const path = line.map(([px, py], i) => `${i === 0 ? 'M' : 'L'}${px.toFixed(1)},${py.toFixed(1)}`).join(' ');
  const last = line[line.length - 1] ?? [0, H];
  return (
    <svg className="crash__curve" viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={t('play.crash.chart')}>
      <defs>
        <linearGradient id="crash-fill" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="currentColor" stopOpacity="0.35" />
          <stop offset="1" stopColor="currentColor" stopOpacity="0" />
        </linearGradient>
      </defs>
      {[0.25, 0.5, 0.75].map((f) => (
        <line key={f} className="crash__grid" x1="0" x2={W} y1={H * f} y2={H * f} />
      ))}
      {until > 0 ? (
        <>
          <path d={`${path} L${last[0].toFixed(1)},${H} L0,${H} Z`} fill="url(#crash-fill)" stroke="none" />
          <path d={path} className="crash__line" fill="none" vectorEffect="non-scaling-stroke" />
          <circle cx={last[0]} cy={last[1]} r="6" className="crash__dot" />
        </>
      ) : null}
    </svg>
  );
}

/** The bets of a round: masked players, stakes, cash-outs and wins. */
function RoundBets({ round, money }: { round: CrashRound | null; money: (amount: number) => string }) {
  const { t } = useTranslation();
  return (
    <section className="crash__panel" aria-labelledby="crash-bets-title" data-testid="crash-bets">
      <h2 id="crash-bets-title" className="fair__title">
        {round ? t('play.crash.bets', { round: round.sequence }) : t('play.crash.bets', { round: '—' })}
      </h2>
      {round && round.bets.length > 0 ? (
        <table className="crash__table">
          <thead>
            <tr>
              <th scope="col">{t('play.crash.player')}</th>
              <th scope="col" className="num">
                {t('play.stake')}
              </th>
              <th scope="col" className="num">
                {t('play.crash.cashedOut')}
              </th>
              <th scope="col" className="num">
                {t('play.roundWin')}
              </th>
            </tr>
          </thead>
          <tbody>
            {round.bets.map((b, i) => {
              const done = b.cashOut !== null ? 'is-cashed' : round.crashPoint !== null ? 'is-lost' : '';
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: bets keep their order and carry no id
                <tr key={i} className={done} data-testid="crash-bet-row">
                  <td>{b.player}</td>
                  <td className="num amount">{money(b.stake)}</td>
                  <td className="num amount">{b.cashOut !== null ? `${fixed(b.cashOut, 2)}×` : '—'}</td>
                  <td className="num amount">{b.cashOut !== null || round.crashPoint !== null ? money(b.payout) : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p className="fair__note">{t('play.crash.noBets')}</p>
      )}
    </section>
  );
}

/** The crash points of the last rounds, newest first. */
function History({ rounds }: { rounds: CrashRound[] }) {
  const { t } = useTranslation();
  const done = rounds.filter((r) => r.crashPoint !== null);
  return (
    <section className="crash__panel" aria-labelledby="crash-history-title">
      <h2 id="crash-history-title" className="fair__title">
        {t('play.crash.history')}
      </h2>
      {done.length > 0 ? (
        <ol className="crash__history" data-testid="crash-history">
          {done.map((r) => (
            <li
              key={r.sequence}
              className={(r.crashPoint ?? 0) >= 200 ? 'is-high' : ''}
              title={t('play.crash.round', { round: r.sequence })}
              data-testid="crash-history-item"
            >
              {x(r.crashPoint ?? 100)}×
            </li>
          ))}
        </ol>
      ) : (
        <p className="fair__note">—</p>
      )}
    </section>
  );
}

/** Provably fair: the current round's seed hash (committed before betting), the last crashed round's seed and its check. */
function CrashFair({ current, crashed }: { current: CrashRound | null; crashed: CrashRound | null }) {
  const { t } = useTranslation();
  const open = current && current.phase !== 'crashed' ? current : null;
  return (
    <section className="fair" aria-labelledby="fair-title" data-testid="fair-panel">
      <h2 id="fair-title" className="fair__title">
        {t('play.fairTitle')}
      </h2>
      {open ? (
        <div className="crash__fair-round">
          <h3 className="fair__subtitle">{t('play.crash.round', { round: open.sequence })}</h3>
          <dl className="fair__list">
            <dt>{t('play.serverSeedHash')}</dt>
            <dd className="mono" data-testid="crash-hash">
              {open.seedHash}
            </dd>
            <dt>{t('play.serverSeed')}</dt>
            <dd>{t('play.crash.seedHidden')}</dd>
          </dl>
        </div>
      ) : null}
      {crashed?.seed && crashed.crashPoint !== null ? (
        <div className="crash__fair-round" data-testid="crash-revealed">
          <h3 className="fair__subtitle">{t('play.crash.lastCrashed', { round: crashed.sequence })}</h3>
          <dl className="fair__list">
            <dt>{t('play.crash.crashPoint')}</dt>
            <dd className="amount">{x(crashed.crashPoint)}×</dd>
            <dt>{t('play.serverSeed')}</dt>
            <dd className="mono" data-testid="crash-revealed-seed">
              {crashed.seed}
            </dd>
            <dt>{t('play.serverSeedHash')}</dt>
            <dd className="mono">{crashed.seedHash}</dd>
            <dt>{t('play.clientSeed')}</dt>
            <dd className="mono">crash-{crashed.sequence}</dd>
          </dl>
          <a
            className="fair__verify"
            href={verifyHref('crash', { serverSeed: crashed.seed, clientSeed: `crash-${crashed.sequence}`, nonce: 0 }, {})}
            target="_top"
            data-testid="fair-verify-link"
          >
            {t('play.crash.verifyRound', { round: crashed.sequence })}
          </a>
        </div>
      ) : null}
      <p className="fair__note">{t('play.crash.fairNote')}</p>
    </section>
  );
}
