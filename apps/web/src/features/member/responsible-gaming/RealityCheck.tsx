import type { RealityCheck as Check } from '@platform/contract';
import './responsible-gaming.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../../api/account.ts';
import { usePlatform } from '../../../app/providers/platform-context.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { useMoney } from '../money-kit.tsx';
import { realityCheck } from './rg-api.ts';

/**
 * The reality check over whatever the player is doing (a game included): when the server says the
 * next check is due, the session's time played and its bets, wins and net result (the server's
 * figures, from the ledger) in a dialog that only the player's choice closes: continue (the next
 * check is scheduled) or stop (the session ends, as a logout).
 */
export function RealityCheckHost({ account }: { account: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const platform = usePlatform();
  const money = useMoney(platform.merchant.currency);
  const [shown, setShown] = useState<Check | null>(null);
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round (after continue) schedules the next check
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    realityCheck().then(
      (first) => {
        if (!live) return;
        const wait = Math.max(1000, first.nextAt - Date.now());
        // Timers beyond ~24 days overflow; a check that far ahead is re-read at the next round.
        timer = setTimeout(
          () => {
            realityCheck().then(
              (now) => live && setShown(now),
              () => undefined,
            );
          },
          Math.min(wait, 2 ** 31 - 1),
        );
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [account, round]);

  const keepPlaying = () => {
    setShown(null);
    setRound((r) => r + 1);
  };
  const stop = async () => {
    setShown(null);
    await logout();
    navigate('/');
  };

  return (
    <Dialog
      open={shown !== null}
      onClose={keepPlaying}
      title={t('market.realityTitle')}
      closeLabel={t('market.realityContinue')}
      closeOnCover={false}
      closeOnEscape={false}
      role="alertdialog"
      size="sm"
      testId="reality-check"
      footer={
        <div className="reality-check__actions">
          <Button variant="outline" onClick={() => void stop()} data-testid="reality-check-stop">
            {t('market.realityStop')}
          </Button>
          <Button variant="primary" onClick={keepPlaying} data-testid="reality-check-continue">
            {t('market.realityContinue')}
          </Button>
        </div>
      }
    >
      {shown ? (
        <div className="reality-check">
          <p data-testid="reality-check-played">{t('market.realityPlayed', { minutes: shown.playedMinutes })}</p>
          <dl className="reality-check__figures">
            <dt>{t('market.realityStakes')}</dt>
            <dd data-testid="reality-check-staked">{money(shown.staked)}</dd>
            <dt>{t('market.realityWins')}</dt>
            <dd data-testid="reality-check-returned">{money(shown.returned)}</dd>
            <dt>{t('market.realityResult')}</dt>
            <dd data-testid="reality-check-net" className={shown.net < 0 ? 'reality-check__loss' : undefined}>
              {money(shown.net)}
            </dd>
          </dl>
        </div>
      ) : null}
    </Dialog>
  );
}
