import { useTranslation } from 'react-i18next';

/** Stakes offered, in currency units. */
export const stakes = [0.1, 0.5, 1, 2, 5, 10, 50] as const;
export type StakeChoice = number;

/** The stake selector of the mini-games. */
export function StakeField({
  value,
  onChange,
  money,
  testId,
}: {
  value: number;
  onChange: (stake: number) => void;
  money: (amount: number) => string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <label className="play-field">
      <span>{t('play.stake')}</span>
      <select value={value} onChange={(e) => onChange(Number(e.target.value))} data-testid={testId}>
        {stakes.map((s) => (
          <option key={s} value={s}>
            {money(s)}
          </option>
        ))}
      </select>
    </label>
  );
}
