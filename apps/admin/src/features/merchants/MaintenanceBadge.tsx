import { useTranslation } from 'react-i18next';
import { locale } from '../../i18n/index.ts';
import type { AdminMerchant } from './merchant.ts';

/** Open, or in maintenance (until its end time, when it has one), as the site itself decides it. */
export function MaintenanceBadge({ merchant }: { merchant: AdminMerchant }) {
  const { t } = useTranslation();
  const on = merchant.maintenance && (!merchant.maintenanceEnd || merchant.maintenanceEnd > Date.now());
  if (!on) return <span className="badge badge--on">{t('merchants.open')}</span>;
  return (
    <span className="badge badge--warn" data-testid="maintenance-on">
      {t('merchants.inMaintenance')}
      {merchant.maintenanceEnd ? ` ${t('merchants.until', { time: new Date(merchant.maintenanceEnd).toLocaleString(locale()) })}` : ''}
    </span>
  );
}
