import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import type { PlaySession } from './use-play.ts';

const clientSeedPattern = /^[\x20-\x39\x3b-\x7e]{1,64}$/;

/** Query of the verify page for one round: the game, the seeds and the bet's parameters. */
export function verifyHref(
  game: string,
  seeds: { serverSeed?: string; clientSeed: string; nonce: number },
  bet: Record<string, string | number>,
) {
  const query = new URLSearchParams({ game, clientSeed: seeds.clientSeed, nonce: String(seeds.nonce) });
  if (seeds.serverSeed) query.set('serverSeed', seeds.serverSeed);
  for (const [k, v] of Object.entries(bet)) query.set(k, String(v));
  return `/verify?${query}`;
}

/**
 * The provably fair panel: the committed server seed hash, the client seed (the player may change it,
 * which rotates the pair and reveals the old server seed), the next nonce, and the last revealed pair.
 * Demo rounds reveal their own seed at once.
 */
export function FairPanel({ session, verifyLink }: { session: PlaySession; verifyLink: string }) {
  const { t } = useTranslation();
  const current = session.seeds?.current;
  const previous = session.seeds?.previous;
  const [clientSeed, setClientSeed] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const demoSeed = session.demo ? (session.last?.outcome.serverSeed as string | undefined) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = clientSeed.trim();
    if (next && !clientSeedPattern.test(next)) {
      setProblem(t('play.clientSeedRule'));
      return;
    }
    setProblem(null);
    void session.rotate(next || undefined).then(() => setClientSeed(''));
  };

  return (
    <section className="fair" aria-labelledby="fair-title" data-testid="fair-panel">
      <h2 id="fair-title" className="fair__title">
        {t('play.fairTitle')}
      </h2>
      {current ? (
        <dl className="fair__list">
          <dt>{t('play.serverSeedHash')}</dt>
          <dd className="mono" data-testid="fair-hash">
            {current.serverSeedHash}
          </dd>
          <dt>{t('play.clientSeed')}</dt>
          <dd className="mono" data-testid="fair-client-seed">
            {current.clientSeed}
          </dd>
          <dt>{t('play.nextNonce')}</dt>
          <dd className="mono" data-testid="fair-nonce">
            {session.demo ? 0 : current.nonce}
          </dd>
        </dl>
      ) : (
        <p className="fair__note">{session.demo ? t('play.demoSeeds') : t('common.loading')}</p>
      )}
      {demoSeed ? (
        <dl className="fair__list">
          <dt>{t('play.revealedSeed')}</dt>
          <dd className="mono" data-testid="fair-revealed">
            {demoSeed}
          </dd>
        </dl>
      ) : null}
      {!session.demo ? (
        <form className="fair__rotate" onSubmit={submit}>
          <label className="fair__label">
            <span>{t('play.newClientSeed')}</span>
            <input
              value={clientSeed}
              onChange={(event) => setClientSeed(event.target.value)}
              maxLength={64}
              placeholder={t('play.newClientSeedHint')}
              aria-invalid={problem ? true : undefined}
              data-testid="fair-client-input"
            />
          </label>
          <Button type="submit" variant="outline" busy={session.busy} data-testid="fair-rotate">
            {t('play.rotate')}
          </Button>
          {problem ? <p className="fair__error">{problem}</p> : null}
        </form>
      ) : null}
      {previous ? (
        <div className="fair__previous" data-testid="fair-previous">
          <h3 className="fair__subtitle">{t('play.previousPair')}</h3>
          <dl className="fair__list">
            <dt>{t('play.serverSeed')}</dt>
            <dd className="mono" data-testid="fair-previous-seed">
              {previous.serverSeed}
            </dd>
            <dt>{t('play.serverSeedHash')}</dt>
            <dd className="mono">{previous.serverSeedHash}</dd>
            <dt>{t('play.clientSeed')}</dt>
            <dd className="mono" data-testid="fair-previous-client">
              {previous.clientSeed}
            </dd>
            <dt>{t('play.betCount')}</dt>
            <dd className="mono" data-testid="fair-previous-count">
              {previous.betCount}
            </dd>
          </dl>
        </div>
      ) : null}
      <a className="fair__verify" href={verifyLink} target="_top" data-testid="fair-verify-link">
        {t('play.verifyLink')}
      </a>
    </section>
  );
}

/** The seeds of the last round played, with the server seed once it is revealed (at once in demo play). */
export function lastRoundSeeds(session: PlaySession): { serverSeed?: string; clientSeed: string; nonce: number } | null {
  const last = session.last;
  if (!last) return null;
  if (last.demo) return { serverSeed: last.outcome.serverSeed as string, clientSeed: last.seeds.clientSeed, nonce: 0 };
  const previous = session.seeds?.previous;
  const revealed = previous && previous.serverSeedHash === last.seeds.serverSeedHash ? previous.serverSeed : undefined;
  return { serverSeed: revealed, clientSeed: last.seeds.clientSeed, nonce: last.seeds.nonce - 1 };
}

/** The verify page for the last round, or the bare verify page before any round. */
export function lastRoundVerifyHref(session: PlaySession, game: string, bet: Record<string, string | number>): string {
  const seeds = lastRoundSeeds(session);
  return seeds ? verifyHref(game, seeds, bet) : '/verify';
}
