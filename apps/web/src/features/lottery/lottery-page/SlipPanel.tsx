import { useTranslation } from 'react-i18next';
import type { SlipBet } from './BetSlip.tsx';
import { BetSlip, slipAmount } from './BetSlip.tsx';
import type { usePlaceSlip } from './use-place-slip.ts';

/** The slip beside the board, with the note of the last placement and a warning when the slip costs more than the balance. */
export function SlipPanel({
  slip,
  placing,
  onRemove,
  onClear,
  onPlace,
  currency,
  locale,
  balance,
  canChase,
}: {
  slip: readonly SlipBet[];
  placing: ReturnType<typeof usePlaceSlip>;
  onRemove: (key: string) => void;
  onClear: () => void;
  onPlace: () => void;
  currency: string;
  locale: string;
  /** Minor units; null when signed out or unknown. */
  balance: number | null;
  canChase: boolean;
}) {
  const { t } = useTranslation();
  const total = slipAmount(slip, placing.chase);
  return (
    <div className="lottery__side">
      <BetSlip
        bets={slip}
        onRemove={onRemove}
        onClear={onClear}
        chase={placing.chase}
        onChase={placing.setChase}
        onPlace={onPlace}
        busy={placing.busy}
        rowErrors={placing.rowErrors}
        slipError={placing.slipError}
        slipErrorDetail={placing.slipErrorDetail}
        chaseError={placing.chaseError}
        currency={currency}
        locale={locale}
        balance={balance}
        canChase={canChase}
      />
      {placing.placedNote ? (
        <p className="slip__placed" role="status" data-testid="placed-note">
          {placing.placedNote}
        </p>
      ) : null}
      {slip.length > 0 && total !== null && balance !== null && total > balance ? (
        <p className="muted">{t('lottery.insufficientFunds')}</p>
      ) : null}
    </div>
  );
}
