import type { AdjustmentStatus } from '@platform/contract';
import { useTranslation } from 'react-i18next';

/** A manual adjustment request's status in the reader's language: waiting (amber), approved (green), rejected (red). */
export function AdjustmentStatusBadge({ status }: { status: AdjustmentStatus }) {
  const { t } = useTranslation();
  const tone = status === 'pending' ? 'warn' : status === 'approved' ? 'on' : 'off';
  return (
    <span className={`badge badge--${tone}`} data-testid="adjustment-status">
      {t(`adjustmentStatus.${status}`)}
    </span>
  );
}
