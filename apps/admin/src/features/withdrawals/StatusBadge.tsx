import { useTranslation } from 'react-i18next';

/** A withdrawal's status in the reader's language: waiting (amber), closed well (green), refused or failed (red). */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const tone = status === 'pending' || status === 'paying' ? 'warn' : status === 'rejected' || status === 'failed' ? 'off' : 'on';
  return (
    <span className={`badge badge--${tone}`} data-testid="withdrawal-status">
      {t(`withdrawals.status_${status}`, { defaultValue: status })}
    </span>
  );
}
