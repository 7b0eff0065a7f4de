import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { IconLottery } from '../../ui/icons.tsx';

/** The lottery page (header only). Its gameCode and playType query is kept only when both are there. */
export function LotteryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const gameCode = params.get('gameCode');
  const playType = params.get('playType');
  const both = Boolean(gameCode && playType);

  useEffect(() => {
    if (both || (!params.has('gameCode') && !params.has('playType'))) return;
    const next = new URLSearchParams(params);
    next.delete('gameCode');
    next.delete('playType');
    setParams(next, { replace: true });
  }, [both, params, setParams]);

  return (
    <div className="page" data-testid="page-lottery">
      <header className="page__head">
        <span className="page__icon">
          <IconLottery size={26} />
        </span>
        <h1 className="page__title">{t('lottery.title')}</h1>
      </header>
      <EmptyState
        icon={<IconLottery size={36} />}
        title={t('lottery.comingSoon')}
        text={both ? `${t('lottery.selected', { game: gameCode, playType })}. ${t('lottery.text')}` : t('lottery.text')}
      />
    </div>
  );
}
