import { type EnvelopeRoundView, toAmount, toMinor } from '@platform/contract';
import { envelopeAmounts, serverSeedMatchesHash } from '@platform/games/fair';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../api/session.ts';
import { errorText } from '../../../i18n/error-text.ts';
import { Button } from '../../../ui/Button.tsx';
import { formatDate } from '../../../ui/format-date.ts';
import { useGlobalDialog } from '../../../ui/GlobalDialog.tsx';
import { Loader } from '../../../ui/Loader.tsx';
import { useLoad, useMoney } from '../../member/money-kit.tsx';
import { loadEnvelopeRounds, openEnvelope } from './envelopes-api.ts';
import '../../../ui/fair-list.css';
import './envelopes.css';

/** mm:ss (or h:mm:ss) left until `at` by the server's clock; never below zero. */
function useCountdown(at: number, offset: number, onZero: () => void) {
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(id);
  }, [offset]);
  const left = Math.max(0, Math.ceil((at - now) / 1000));
  // biome-ignore lint/correctness/useExhaustiveDependencies: fires once when the countdown reaches zero
  useEffect(() => {
    if (left === 0) onZero();
  }, [left === 0]);
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** A closed round recomputed in the browser from its revealed seed with the server's own function. */
function VerifyRound({ round, currency }: { round: EnvelopeRoundView; currency: string }) {
  const { t } = useTranslation();
  const money = useMoney(currency);
  const seed = round.serverSeed ?? '';
  const hashOk = serverSeedMatchesHash(seed, round.serverSeedHash);
  const amounts = useMemo(
    () =>
      envelopeAmounts(seed, round.clientSeed, {
        budget: toMinor(round.budget, currency),
        count: round.count,
        minAmount: toMinor(round.minAmount, currency),
      }),
    [seed, round, currency],
  );
  const total = amounts.reduce((s, a) => s + a, 0);
  const mineOk = round.mine ? toMinor(round.mine.amount, currency) === amounts[round.mine.index] : null;
  return (
    <div className="envelope-verify" data-testid="envelope-verify">
      <dl className="fair__list">
        <dt>{t('envelopes.seedHash')}</dt>
        <dd className="mono">{round.serverSeedHash}</dd>
        <dt>{t('envelopes.serverSeed')}</dt>
        <dd className="mono" data-testid="verify-seed">
          {seed}
        </dd>
        <dt>{t('envelopes.clientSeed')}</dt>
        <dd className="mono">{round.clientSeed}</dd>
      </dl>
      <p className={hashOk ? 'envelope-ok' : 'envelope-bad'} data-testid="verify-hash" data-ok={hashOk}>
        {hashOk ? t('envelopes.hashMatches') : t('envelopes.hashMismatch')}
      </p>
      {mineOk !== null ? (
        <p className={mineOk ? 'envelope-ok' : 'envelope-bad'} data-testid="verify-mine" data-ok={mineOk}>
          {mineOk
            ? t('envelopes.mineMatches', { index: (round.mine?.index ?? 0) + 1 })
            : t('envelopes.mineMismatch', { index: (round.mine?.index ?? 0) + 1 })}
        </p>
      ) : null}
      <p className="rewards-muted">{t('envelopes.total', { total: money(toAmount(total, currency)), budget: money(round.budget) })}</p>
      <ol className="envelope-table">
        {amounts.map((a, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the envelopes of the round, in index order
            key={i}
            className={round.mine?.index === i ? 'is-mine' : undefined}
            data-testid={`verify-envelope-${i}`}
            data-minor={a}
          >
            <span>#{i + 1}</span>
            <span>{money(toAmount(a, currency))}</span>
          </li>
        ))}
      </ol>
      <p className="rewards-muted">{t('envelopes.howTo')}</p>
    </div>
  );
}

/**
 * The live or next round: the countdown, the envelope to open and what it held. The button stays
 * enabled without a bet counted yet: a bet of a moment ago may still be on its way to the
 * statistics, and the server catches up before it refuses (with its message).
 */
function CurrentRound({
  round,
  currency,
  offset,
  eligible,
  loggedIn,
  onChange,
}: {
  round: EnvelopeRoundView;
  currency: string;
  offset: number;
  eligible: boolean;
  loggedIn: boolean;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const dialog = useGlobalDialog();
  const money = useMoney(currency);
  const [busy, setBusy] = useState(false);
  const live = round.state === 'live';
  const countdown = useCountdown(live ? round.endsAt : round.startsAt, offset, onChange);
  const open = async () => {
    setBusy(true);
    try {
      const res = await openEnvelope(round.id);
      await dialog({ message: t('envelopes.won', { amount: money(res.amount) }), timeoutMs: 3000, closeOnCover: true });
      onChange();
    } catch (err) {
      await dialog({ kind: 'warning', message: errorText(t, err) });
      onChange();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      className={`envelope-round envelope-round--${round.state}`}
      data-testid="envelope-current"
      data-state={round.state}
      data-round={round.id}
    >
      <div className="envelope-round__art" aria-hidden="true">
        <span className="envelope-art">
          <span className="envelope-art__seal" />
        </span>
      </div>
      <div className="envelope-round__main">
        <p className="envelope-round__when">
          {live ? t('envelopes.endsIn') : t('envelopes.startsIn')}{' '}
          <strong className="envelope-countdown" data-testid="envelope-countdown">
            {countdown}
          </strong>
        </p>
        <p className="rewards-muted">
          {t('envelopes.terms', { count: round.count, budget: money(round.budget), min: money(round.minAmount) })}
        </p>
        {live ? <p className="rewards-muted">{t('envelopes.opened', { opened: round.opened, count: round.count })}</p> : null}
        <p className="rewards-muted envelope-hash">
          {t('envelopes.seedHash')}: <span className="mono">{round.serverSeedHash}</span>
        </p>
        {round.mine ? (
          <p className="envelope-mine" data-testid="envelope-amount" data-amount={round.mine.amount}>
            {t('envelopes.yours', { amount: money(round.mine.amount), index: round.mine.index + 1 })}
          </p>
        ) : live ? (
          <div className="rewards-card__foot">
            <Button
              variant="primary"
              busy={busy}
              disabled={!loggedIn || round.opened >= round.count}
              onClick={() => void open()}
              data-testid="envelope-open"
            >
              {t('envelopes.open')}
            </Button>
            {!loggedIn ? (
              <span className="rewards-muted">{t('envelopes.login')}</span>
            ) : !eligible ? (
              <span className="rewards-muted" data-testid="envelope-hint">
                {t('envelopes.needBet')}
              </span>
            ) : round.opened >= round.count ? (
              <span className="rewards-muted">{t('envelopes.empty')}</span>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** Envelope rain in the reward centre: the live or next round, then the last rounds with their seeds and a verify view. */
export function EnvelopeRain() {
  const { t } = useTranslation();
  const session = useSession();
  const loggedIn = Boolean(session?.token);
  const { value, error, reload } = useLoad(loadEnvelopeRounds, [loggedIn]);
  const [offset, setOffset] = useState(0);
  const [verifying, setVerifying] = useState<number | null>(null);
  useEffect(() => {
    if (value) setOffset(value.now - Date.now());
  }, [value]);
  return (
    <section className="rewards-card envelopes" aria-labelledby="envelopes-title" data-testid="envelope-rain">
      <header className="rewards-card__head">
        <h2 id="envelopes-title">{t('envelopes.title')}</h2>
      </header>
      {error ? <p className="form-error">{error}</p> : null}
      {!value ? (
        <Loader label={t('common.loading')} />
      ) : (
        <>
          {value.current ? (
            <CurrentRound
              key={`${value.current.id}-${value.current.state}`}
              round={value.current}
              currency={value.currency}
              offset={offset}
              eligible={value.eligible}
              loggedIn={loggedIn}
              onChange={reload}
            />
          ) : (
            <p className="rewards-muted">{t('envelopes.none')}</p>
          )}
          <p className="rewards-muted">{t('envelopes.fair')}</p>
          {value.closed.length > 0 ? (
            <>
              <h3 className="envelopes__past">{t('envelopes.past')}</h3>
              <ul className="envelope-past">
                {value.closed.map((r) => (
                  <li key={r.id} data-testid={`envelope-closed-${r.id}`}>
                    <div className="envelope-past__row">
                      <span>{formatDate(r.startsAt)}</span>
                      <span className="rewards-muted">{t('envelopes.opened', { opened: r.opened, count: r.count })}</span>
                      {r.mine ? <ClosedMine amount={r.mine.amount} currency={value.currency} /> : null}
                      <Button
                        variant="outline"
                        onClick={() => setVerifying(verifying === r.id ? null : r.id)}
                        aria-expanded={verifying === r.id}
                        data-testid="envelope-verify-button"
                      >
                        {t('envelopes.verify')}
                      </Button>
                    </div>
                    {verifying === r.id ? <VerifyRound round={r} currency={value.currency} /> : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

function ClosedMine({ amount, currency }: { amount: number; currency: string }) {
  const { t } = useTranslation();
  const money = useMoney(currency);
  return <strong data-testid="envelope-closed-mine">{t('envelopes.yourShort', { amount: money(amount) })}</strong>;
}
