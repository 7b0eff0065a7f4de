import {
  crashPoint,
  type DiceDirection,
  hashServerSeed,
  isClientSeed,
  type PlinkoRisk,
  playDice,
  playMines,
  playPlinko,
  plinkoRisks,
} from '@platform/games/fair';
import { playSlot, slotConfigs } from '@platform/games/slots';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import '../../ui/fair-list.css';
import './verify.css';
import { fixed } from '../../i18n/numbers.ts';

const games = ['dice', 'plinko', 'mines', 'crash', ...slotConfigs.map((c) => c.id)] as const;

type Fields = Record<
  'game' | 'serverSeed' | 'clientSeed' | 'nonce' | 'target' | 'direction' | 'rows' | 'risk' | 'mines' | 'picks' | 'betPerLine' | 'stake',
  string
>;

const defaults: Fields = {
  game: 'dice',
  serverSeed: '',
  clientSeed: '',
  nonce: '0',
  target: '5000',
  direction: 'over',
  rows: '8',
  risk: 'low',
  mines: '3',
  picks: '',
  betPerLine: '1',
  stake: '100',
};

/**
 * The verify page: a player recomputes any round in the browser from the revealed server seed, the
 * client seed and the nonce, with the same code the server plays (packages/games, pure TypeScript):
 * outcome bytes = HMAC-SHA256(server seed, "client seed:nonce").
 */
export function VerifyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [fields, setFields] = useState<Fields>(() => {
    const start = { ...defaults };
    for (const key of Object.keys(defaults) as (keyof Fields)[]) {
      const v = params.get(key);
      if (v !== null) start[key] = v;
    }
    if (!(games as readonly string[]).includes(start.game)) start.game = 'dice';
    return start;
  });
  const [result, setResult] = useState<{ hash: string; body: ReactNode } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof Fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const serverSeed = fields.serverSeed.trim();
    const clientSeed = fields.clientSeed.trim();
    const nonce = Number(fields.nonce);
    if (!serverSeed) return setProblem(t('verify.needServerSeed'));
    if (!isClientSeed(clientSeed)) return setProblem(t('play.clientSeedRule'));
    if (!Number.isSafeInteger(nonce) || nonce < 0) return setProblem(t('verify.badNonce'));
    const seeds = { serverSeed, clientSeed, nonce };
    try {
      const body = outcomeOf(fields, seeds, t as unknown as T);
      setProblem(null);
      setResult({ hash: hashServerSeed(serverSeed), body });
    } catch (err) {
      setProblem(err instanceof RangeError ? t('verify.badBet') : t('error.unknown'));
    }
  };

  const slot = slotConfigs.find((c) => c.id === fields.game);
  return (
    <div className="page verify" data-testid="page-verify">
      <header className="page__head">
        <div>
          <h1 className="page__title">{t('verify.title')}</h1>
          <p className="page__lead">{t('verify.lead')}</p>
        </div>
      </header>
      <form className="verify__form" onSubmit={submit} data-testid="verify-form">
        <Field label={t('verify.game')}>
          {(id) => (
            <select id={id} value={fields.game} onChange={(e) => set('game')(e.target.value)} data-testid="verify-game">
              {games.map((g) => (
                <option key={g} value={g}>
                  {slotConfigs.find((c) => c.id === g)?.name ?? t(`verify.games.${g as 'dice' | 'plinko' | 'mines' | 'crash'}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('play.serverSeed')} wide>
          {(id) => (
            <input
              id={id}
              value={fields.serverSeed}
              onChange={(e) => set('serverSeed')(e.target.value)}
              className="mono"
              data-testid="verify-server-seed"
            />
          )}
        </Field>
        <Field label={t('play.clientSeed')}>
          {(id) => (
            <input
              id={id}
              value={fields.clientSeed}
              onChange={(e) => set('clientSeed')(e.target.value)}
              className="mono"
              data-testid="verify-client-seed"
            />
          )}
        </Field>
        <Field label={t('verify.nonce')}>
          {(id) => (
            <input
              id={id}
              value={fields.nonce}
              onChange={(e) => set('nonce')(e.target.value)}
              inputMode="numeric"
              data-testid="verify-nonce"
            />
          )}
        </Field>
        {fields.game === 'dice' ? (
          <>
            <Field label={t('verify.targetHundredths')}>
              {(id) => (
                <input
                  id={id}
                  value={fields.target}
                  onChange={(e) => set('target')(e.target.value)}
                  inputMode="numeric"
                  data-testid="verify-target"
                />
              )}
            </Field>
            <Field label={t('play.direction')}>
              {(id) => (
                <select id={id} value={fields.direction} onChange={(e) => set('direction')(e.target.value)} data-testid="verify-direction">
                  <option value="over">{t('play.over')}</option>
                  <option value="under">{t('play.under')}</option>
                </select>
              )}
            </Field>
          </>
        ) : null}
        {fields.game === 'plinko' ? (
          <>
            <Field label={t('play.rows')}>
              {(id) => (
                <input
                  id={id}
                  value={fields.rows}
                  onChange={(e) => set('rows')(e.target.value)}
                  inputMode="numeric"
                  data-testid="verify-rows"
                />
              )}
            </Field>
            <Field label={t('play.risk')}>
              {(id) => (
                <select id={id} value={fields.risk} onChange={(e) => set('risk')(e.target.value)} data-testid="verify-risk">
                  {plinkoRisks.map((r) => (
                    <option key={r} value={r}>
                      {t(`play.risk_${r}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </>
        ) : null}
        {fields.game === 'mines' ? (
          <>
            <Field label={t('play.mines')}>
              {(id) => (
                <input
                  id={id}
                  value={fields.mines}
                  onChange={(e) => set('mines')(e.target.value)}
                  inputMode="numeric"
                  data-testid="verify-mines"
                />
              )}
            </Field>
            <Field label={t('verify.picks')}>
              {(id) => <input id={id} value={fields.picks} onChange={(e) => set('picks')(e.target.value)} data-testid="verify-picks" />}
            </Field>
          </>
        ) : null}
        {fields.game === 'crash' ? (
          <p className="verify__note is-wide" data-testid="verify-crash-seeds">
            {t('verify.crashSeeds')}
          </p>
        ) : null}
        {slot ? (
          <Field label={t('verify.betPerLineMinor')}>
            {(id) => (
              <input
                id={id}
                value={fields.betPerLine}
                onChange={(e) => set('betPerLine')(e.target.value)}
                inputMode="numeric"
                data-testid="verify-bet-per-line"
              />
            )}
          </Field>
        ) : null}
        <div className="verify__actions">
          <Button type="submit" variant="accent" data-testid="verify-submit">
            {t('verify.submit')}
          </Button>
        </div>
        {problem ? (
          <p className="verify__problem" role="alert" data-testid="verify-problem">
            {problem}
          </p>
        ) : null}
      </form>
      {result ? (
        <section className="verify__result" aria-live="polite" data-testid="verify-result">
          <dl className="fair__list">
            <dt>{t('verify.computedHash')}</dt>
            <dd className="mono" data-testid="verify-hash">
              {result.hash}
            </dd>
          </dl>
          {result.body}
        </section>
      ) : null}
      <section className="verify__how">
        <h2>{t('verify.howTitle')}</h2>
        <p>{t('verify.how')}</p>
        <p className="mono">HMAC-SHA256(serverSeed, clientSeed + ":" + nonce [+ ":" + block])</p>
      </section>
    </div>
  );
}

function Field({ label, wide, children }: { label: string; wide?: boolean; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={`verify__field${wide ? ' is-wide' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

/** The translate function, loosely typed: the outcome texts are plain keys with plain values. */
type T = (key: string, options?: Record<string, string | number>) => string;

/** Recomputes the round of `fields.game` from the seeds; throws RangeError on bet parameters the game refuses. */
function outcomeOf(fields: Fields, seeds: { serverSeed: string; clientSeed: string; nonce: number }, t: T): ReactNode {
  const stake = Math.max(1, Math.round(Number(fields.stake) || 100));
  if (fields.game === 'dice') {
    const r = playDice({ stake, target: Number(fields.target), direction: fields.direction as DiceDirection }, seeds);
    const result = r.win ? t('verify.won') : t('verify.lost');
    return (
      <p className="verify__big" data-testid="verify-outcome">
        {t('verify.diceOutcome', { roll: fixed(r.roll / 100, 2), result })}
      </p>
    );
  }
  if (fields.game === 'plinko') {
    const r = playPlinko({ stake, rows: Number(fields.rows), risk: fields.risk as PlinkoRisk }, seeds);
    return (
      <p className="verify__big" data-testid="verify-outcome">
        {t('verify.plinkoOutcome', {
          path: r.path.map((s) => (s ? 'R' : 'L')).join(' '),
          slot: r.slot,
          multiplier: (r.multiplierBp / 10_000).toString(),
        })}
      </p>
    );
  }
  if (fields.game === 'mines') {
    const picks = fields.picks
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    const mines = Number(fields.mines);
    const r = playMines({ stake, mines, picks: picks.length > 0 ? picks : [0] }, seeds);
    return (
      <p className="verify__big" data-testid="verify-outcome">
        {t('verify.minesOutcome', { cells: r.mineCells.map((c) => c + 1).join(', ') })}
        {picks.length > 0 ? ` · ${r.hitMine === null ? t('verify.won') : t('verify.lost')}` : ''}
      </p>
    );
  }
  if (fields.game === 'crash') {
    return (
      <p className="verify__big" data-testid="verify-outcome">
        {t('verify.crashOutcome', { point: fixed(crashPoint(seeds) / 100, 2) })}
      </p>
    );
  }
  const config = slotConfigs.find((c) => c.id === fields.game);
  if (!config) throw new RangeError('unknown game');
  const round = playSlot(config, Math.max(1, Math.round(Number(fields.betPerLine) || 1)), seeds);
  return (
    <div data-testid="verify-outcome">
      {round.spins.map((spin, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: spins are played in order
        <div key={i} className="verify__spin">
          <p>
            {i === 0 ? t('play.paidSpin') : t('play.freeSpin', { n: i })}: {t('verify.stops', { stops: spin.stops.join(', ') })}
          </p>
          <table className="verify__window">
            <tbody>
              {spin.window.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions
                <tr key={r}>
                  {row.map((id, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions
                    <td key={c}>{config.symbols.find((s) => s.id === id)?.name ?? id}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
