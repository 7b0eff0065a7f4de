import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { IconLottery } from '../../ui/icons.tsx';

/** The Vietnam lottery page; its bars are hidden unless the store flag shows them. Optional query gameCode. */
export function VnLotteryPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode');
  return (
    <div className="page" data-testid="page-vnlottery">
      <header className="page__head">
        <span className="page__icon">
          <IconLottery size={26} />
        </span>
        <h1 className="page__title">{t('vnlottery.title')}</h1>
      </header>
      <EmptyState
        icon={<IconLottery size={36} />}
        title={t('vnlottery.comingSoon')}
        text={gameCode ? t('vnlottery.selected', { game: gameCode }) : undefined}
      />
    </div>
  );
}
