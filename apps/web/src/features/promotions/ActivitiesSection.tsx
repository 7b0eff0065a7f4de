import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/session.ts';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { useUiState } from '../../app/providers/ui-store.tsx';
import { useLoad } from '../member/money-kit.tsx';
import { ActivityCard } from './ActivityCard.tsx';
import { activities } from './activities-api.ts';

/**
 * The promotions that pay, with the reader's state, read again on login, logout, a change of
 * language and when the member centre closes (a deposit made there may open a claim).
 */
export function useActivities() {
  const session = useSession();
  const { i18n } = useTranslation();
  const centreOpen = useUiState().memberCentre !== null;
  return useLoad(activities, [session?.token, i18n.language, centreOpen]);
}

/** The promotions page's bonuses and rebates: each with its terms and what the reader may do now. */
export function ActivitiesSection() {
  const { t } = useTranslation();
  const platform = usePlatform();
  const { value, error, reload } = useActivities();
  const list = value ?? [];
  if (error) return <p className="form-error">{error}</p>;
  if (list.length === 0) return null;
  return (
    <section className="activities" aria-labelledby="activities-title" data-testid="activities">
      <h2 id="activities-title" className="activities__title">
        {t('bonus.offersTitle')}
      </h2>
      <p className="activities__lead">{t('bonus.offersLead')}</p>
      <ul className="activities__grid">
        {list.map((a) => (
          <li key={a.id}>
            <ActivityCard activity={a} currency={platform.merchant.currency} onChanged={reload} />
          </li>
        ))}
      </ul>
    </section>
  );
}
