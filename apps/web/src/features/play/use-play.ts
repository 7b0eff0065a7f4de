import { apiPaths } from '@platform/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../api/client.ts';
import { sessionToken } from '../../api/session.ts';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { errorText, limitRefusalText } from '../../i18n/error-text.ts';
import { bcp47, textLanguage } from '../../i18n/languages.ts';
import { formatMajor } from '../../ui/format-money.ts';
import { type PlayToken, type RoundAnswer, readSeeds, rotateSeeds, type Seeds } from './play-api.ts';

/** What every in-house game shares: the launch token, money formatting, the balance, the seeds and the last round. */
export interface PlaySession {
  token: PlayToken;
  demo: boolean;
  /** Money in currency units, formatted in the reader's language and the merchant's currency. */
  money: (amount: number) => string;
  /** The merchant's currency: its table row gives the stakes offered and the minor unit (decision 0019). */
  currency: string;
  balance: number | null;
  seeds: Seeds | null;
  last: RoundAnswer | null;
  busy: boolean;
  error: string | null;
  /** For a stake a limit refused: which limit, what is left, when it resets. */
  errorDetail: string | null;
  /** Plays one round: shows progress, keeps the answer's balance and seeds, turns failures into text. */
  play: (round: () => Promise<RoundAnswer>) => Promise<RoundAnswer | null>;
  rotate: (clientSeed: string | undefined) => Promise<void>;
  /** Shows the balance a game's own answer carried (crash bets and cash-outs). */
  keepBalance: (balance: number | null) => void;
  /** Reads the balance again from the wallet, after money moved without an answer to this page (a crash settlement). */
  reloadBalance: () => void;
}

/** `seedPairs: false` for games that do not play from the player's seed pair (crash rounds carry their own seed). */
export function usePlaySession(token: PlayToken, { seedPairs = true }: { seedPairs?: boolean } = {}): PlaySession {
  const { t, i18n } = useTranslation();
  const { merchant } = usePlatform();
  const locale = bcp47(textLanguage(i18n.language));
  const [balance, setBalance] = useState<number | null>(null);
  const [seeds, setSeeds] = useState<Seeds | null>(null);
  const [last, setLast] = useState<RoundAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errorDetail, setErrorDetail] = useState<string | null>(null);

  // The balance before the first round: the site's own wallet reading, when the player's session is here too.
  useEffect(() => {
    if (!token || !sessionToken()) return;
    let live = true;
    apiGet(apiPaths.sumBalance).then(
      (b) => live && setBalance((current) => current ?? b.sumBalance),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [token]);

  const reloadBalance = useCallback(() => {
    if (!token || !sessionToken()) return;
    apiGet(apiPaths.sumBalance).then(
      (b) => setBalance(b.sumBalance),
      () => undefined,
    );
  }, [token]);
  const keepBalance = useCallback((next: number | null) => {
    if (next !== null) setBalance(next);
  }, []);

  useEffect(() => {
    if (!token || !seedPairs) return;
    let live = true;
    readSeeds(token).then(
      (s) => live && setSeeds(s),
      (err: unknown) => live && setError(errorText(t, err)),
    );
    return () => {
      live = false;
    };
  }, [token, seedPairs, t]);

  const money = useCallback((amount: number) => formatMajor(amount, merchant.currency, locale), [merchant.currency, locale]);

  const play = useCallback(
    async (round: () => Promise<RoundAnswer>) => {
      setBusy(true);
      setError(null);
      setErrorDetail(null);
      try {
        const answer = await round();
        setLast(answer);
        if (answer.balance !== null) setBalance(answer.balance);
        setSeeds((s) => ({ current: answer.seeds, previous: s?.previous ?? null }));
        return answer;
      } catch (err) {
        setError(errorText(t, err));
        setErrorDetail(limitRefusalText(t, err, money) || null);
        return null;
      } finally {
        setBusy(false);
      }
    },
    [t, money],
  );

  const rotate = useCallback(
    async (clientSeed: string | undefined) => {
      if (!token) return;
      setBusy(true);
      setError(null);
      try {
        setSeeds(await rotateSeeds(token, clientSeed));
      } catch (err) {
        setError(errorText(t, err));
      } finally {
        setBusy(false);
      }
    },
    [token, t],
  );

  return {
    token,
    demo: !token,
    money,
    currency: merchant.currency,
    balance,
    seeds,
    last,
    busy,
    error,
    errorDetail,
    play,
    rotate,
    keepBalance,
    reloadBalance,
  };
}
