import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { formatDate } from '../../ui/format-date.ts';
import { IconWarning } from '../../ui/icons.tsx';
import { StatusScreen } from './StatusScreen.tsx';

/** Shown instead of the site while the merchant is in maintenance: when it ends and how to reach service. */
export function MaintenancePage() {
  const { t } = useTranslation();
  const { permission } = usePlatform();
  const end = permission.maintenanceEnd ? Date.parse(permission.maintenanceEnd) : Number.NaN;
  return (
    <StatusScreen testId="page-maintenance" icon={<IconWarning size={40} />} title={t('maintenance.title')}>
      <p>{t('maintenance.text')}</p>
      {Number.isFinite(end) ? (
        <p className="status-screen__strong" data-testid="maintenance-end">
          {t('maintenance.until', { time: formatDate(end, 'yyyy-MM-dd HH:mm') })}
        </p>
      ) : null}
    </StatusScreen>
  );
}
