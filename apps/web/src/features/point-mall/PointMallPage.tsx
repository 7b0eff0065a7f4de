import { useTranslation } from 'react-i18next';
import { useUiActions } from '../../app/providers/ui-store.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { IconGift } from '../../ui/icons.tsx';

/** The points mall (header, banner, footer). Redeeming needs an account, which is not built yet. */
export function PointMallPage() {
  const { t } = useTranslation();
  const actions = useUiActions();
  return (
    <div className="page" data-testid="page-point-mall">
      <header className="page__head">
        <span className="page__icon">
          <IconGift size={26} />
        </span>
        <h1 className="page__title">{t('pointMall.title')}</h1>
      </header>
      <EmptyState
        icon={<IconGift size={36} />}
        title={t('pointMall.empty')}
        text={t('pointMall.text')}
        action={
          <Button variant="primary" onClick={() => actions.openAuth('login')}>
            {t('header.login')}
          </Button>
        }
      />
    </div>
  );
}
