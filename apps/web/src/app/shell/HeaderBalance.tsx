import { apiPaths, type BalanceEvent, type WalletBalance } from '@platform/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiGet } from '../../api/client.ts';
import { sessionToken } from '../../api/session.ts';
import { bcp47, textLanguage } from '../../i18n/languages.ts';
import { formatMajor } from '../../ui/format-money.ts';
import { IconEye, IconEyeOff, IconRefresh } from '../../ui/icons.tsx';

const hiddenKey = 'balanceHidden';

/**
 * Follows the live balance socket: the token goes in the first message (never in the URL); the
 * server answers with the balance and pushes it again whenever money moves. A dropped connection
 * is opened again after a growing pause; a refused session (4401) is not retried.
 */
function useLiveBalance(account: string, onBalance: (b: WalletBalance) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: another account logging in needs its own socket
  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let pause = 1000;
    let stopped = false;
    const open = () => {
      const token = sessionToken();
      if (stopped || !token || typeof WebSocket === 'undefined') return;
      const url = new URL(apiPaths.balanceSocket, window.location.href);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      socket = new WebSocket(url);
      socket.onopen = () => socket?.send(JSON.stringify({ token }));
      socket.onmessage = (message) => {
        pause = 1000;
        try {
          const event = JSON.parse(String(message.data)) as BalanceEvent;
          if (event.type === 'balance') onBalance(event.value);
        } catch {
          // Not a balance event: nothing to show.
        }
      };
      socket.onclose = (event) => {
        if (stopped || event.code === 4401) return;
        retry = setTimeout(open, pause);
        pause = Math.min(pause * 2, 30_000);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [account, onBalance]);
}

/**
 * The logged-in header's balance (sumBalance of the wallet endpoint) with hide/show (*** when
 * hidden, remembered for the session) and a refresh. When the server has no balance endpoint the
 * area does not show at all: a made-up figure would be worse than none.
 */
export function HeaderBalance({ account }: { account: string }) {
  const { t, i18n } = useTranslation();
  const [balance, setBalance] = useState<WalletBalance | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [hidden, setHidden] = useState(() => sessionStorage.getItem(hiddenKey) === '1');

  const load = useCallback(async () => {
    setBusy(true);
    try {
      setBalance(await apiGet(apiPaths.sumBalance));
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setMissing(true);
    } finally {
      setBusy(false);
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when another account logs in
  useEffect(() => {
    void load();
  }, [load, account]);
  useLiveBalance(account, setBalance);

  if (missing) return null;
  const toggle = () => {
    sessionStorage.setItem(hiddenKey, hidden ? '0' : '1');
    setHidden(!hidden);
  };
  const locale = bcp47(textLanguage(i18n.language));
  const text = balance ? formatMajor(balance.sumBalance, balance.currency, locale) : '…';
  return (
    <div className="balance" data-testid="header-balance">
      <span className="balance__label sr-only">{t('account.balance')}</span>
      <span className="balance__amount" data-testid="balance-amount" aria-live="polite">
        {hidden ? '***' : text}
      </span>
      <button
        type="button"
        className="icon-btn balance__btn"
        onClick={toggle}
        aria-pressed={hidden}
        aria-label={hidden ? t('account.showBalance') : t('account.hideBalance')}
        data-testid="balance-toggle"
      >
        {hidden ? <IconEye size={16} /> : <IconEyeOff size={16} />}
      </button>
      <button
        type="button"
        className={`icon-btn balance__btn${busy ? ' is-busy' : ''}`}
        onClick={() => void load()}
        disabled={busy}
        aria-label={t('account.refreshBalance')}
        data-testid="balance-refresh"
      >
        <IconRefresh size={16} />
      </button>
    </div>
  );
}
