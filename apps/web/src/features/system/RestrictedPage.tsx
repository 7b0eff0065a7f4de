import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { IconGlobe } from '../../ui/icons.tsx';
import { StatusScreen } from './StatusScreen.tsx';

/** Shown instead of the site when the visitor's region is restricted: their IP and country, and a contact button. */
export function RestrictedPage() {
  const { t } = useTranslation();
  const { info } = usePlatform();
  const { location } = info;
  const country = location.country || location.countryCode || t('restricted.unknown');
  return (
    <StatusScreen testId="page-restricted" icon={<IconGlobe size={40} />} title={t('restricted.title')}>
      <p>{t('restricted.text')}</p>
      <dl className="status-screen__facts">
        <div>
          <dt>{t('restricted.ip')}</dt>
          <dd data-testid="restricted-ip">{location.ip || t('restricted.unknown')}</dd>
        </div>
        <div>
          <dt>{t('restricted.country')}</dt>
          <dd data-testid="restricted-country">
            {country}
            {location.countryCode && location.country ? ` (${location.countryCode})` : ''}
          </dd>
        </div>
      </dl>
    </StatusScreen>
  );
}
