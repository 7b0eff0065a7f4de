import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTrial, useSession } from '../../api/session.ts';
import { useLoginGate } from '../../app/shell/use-account.ts';
import { errorText } from '../../i18n/error-text.ts';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { lotteryFavourites, setLotteryFavourite } from './lottery-api.ts';

/** The spec's local storage key: favourite lottery ids mapped by username. */
const storageKey = 'lotteryFavourites';

function stored(username: string): string[] {
  try {
    const all = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as Record<string, unknown>;
    const list = all[username];
    return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

function store(username: string, codes: string[]): void {
  try {
    const all = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as Record<string, unknown>;
    localStorage.setItem(storageKey, JSON.stringify({ ...all, [username]: codes }));
  } catch {
    localStorage.setItem(storageKey, JSON.stringify({ [username]: codes }));
  }
}

/**
 * The player's favourite lottery games: saved on the server per account, mirrored in local storage
 * under the username (the spec's key) so the stars show at once on the next visit. Starring passes
 * the login gate.
 */
export function useLotteryFavourites() {
  const session = useSession();
  const gate = useLoginGate();
  const dialog = useGlobalDialog();
  const { t } = useTranslation();
  const username = session && !isTrial(session) ? session.account : null;
  const [codes, setCodes] = useState<readonly string[]>(() => (username ? stored(username) : []));
  useEffect(() => {
    if (!username) {
      setCodes([]);
      return;
    }
    setCodes(stored(username));
    let live = true;
    lotteryFavourites().then(
      (list) => {
        if (!live) return;
        setCodes(list);
        store(username, list);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [username]);
  const toggle = useCallback(
    (gameCode: string) =>
      gate(() => {
        if (!username) return;
        setLotteryFavourite(gameCode, !codes.includes(gameCode)).then(
          (list) => {
            setCodes(list);
            store(username, list);
          },
          (err: unknown) => void dialog({ kind: 'warning', message: errorText(t, err) }),
        );
      }),
    [gate, username, codes, dialog, t],
  );
  return { codes, toggle, has: (code: string) => codes.includes(code) };
}
