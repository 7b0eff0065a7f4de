import { useTranslation } from 'react-i18next';
import { useGameVendors } from '../../api/queries.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { IconSlots } from '../../ui/icons.tsx';
import './lobby.css';

/** The in-house games route: our own studio's games, under its own banner group. */
export function InhousePage() {
  const { t } = useTranslation();
  const vendors = useGameVendors();
  const studio = vendors.data?.find((v) => v.vassalage === 'INHOUSE');
  return (
    <div className="page lobby" data-testid="page-inhouse">
      <header className="page__head">
        <span className="page__icon">
          <IconSlots size={26} />
        </span>
        <div>
          <h1 className="page__title">{studio?.name ?? t('inhouse.title')}</h1>
          <p className="page__lead">{t('inhouse.text')}</p>
        </div>
      </header>
      <EmptyState
        icon={<IconSlots size={36} />}
        title={t('lobby.comingSoon')}
        text={t('lobby.comingSoonText', { vendor: studio?.name ?? t('inhouse.title') })}
      />
    </div>
  );
}
