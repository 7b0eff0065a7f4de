import { currencyOf, toAmount } from '@platform/contract';
import { useTranslation } from 'react-i18next';

/** Stakes offered in a currency, in its units (major): the currency table's ladder (XOF 50 to 10 000 F CFA, BRL R$ 0,10 to R$ 50). */
export const stakesOf = (currency: string): number[] => currencyOf(currency).stakes.map((minor) => toAmount(minor, currency));
/** The stake a game starts at: the ladder's second step (100 F CFA, R$ 0,50). */
export const firstStake = (currency: string): number => stakesOf(currency)[1] ?? stakesOf(currency)[0] ?? 1;
export type StakeChoice = number;

/** The stake selector of the mini-games. */
export function StakeField({
  value,
  onChange,
  money,
  currency,
  testId,
}: {
  value: number;
  onChange: (stake: number) => void;
  money: (amount: number) => string;
  currency: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <label className="play-field">
      <span>{t('play.stake')}</span>
      <select value={value} onChange={(e) => onChange(Number(e.target.value))} data-testid={testId}>
        {stakesOf(currency).map((s) => (
          <option key={s} value={s}>
            {money(s)}
          </option>
        ))}
      </select>
    </label>
  );
}
