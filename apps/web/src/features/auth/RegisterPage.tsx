import { apiPaths, type MerchantEntry, type Promotion } from '@platform/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiGet } from '../../api/client.ts';
import { useQuery } from '../../api/use-query.ts';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { Carousel } from '../../ui/Carousel.tsx';
import { Img } from '../../ui/Img.tsx';
import { IconChevronLeft } from '../../ui/icons.tsx';
import { ServiceLink } from './AuthDialog.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import './auth.css';

/**
 * Picking another merchant goes to that merchant's register page: storage starts over (the theme
 * kept) with the merchant and its first language, as the region picker does.
 */
function switchMerchant(entry: MerchantEntry): void {
  const theme = localStorage.getItem('theme');
  localStorage.clear();
  sessionStorage.clear();
  if (theme) localStorage.setItem('theme', theme);
  localStorage.setItem('merchantCode', entry.merchantCode);
  if (entry.langList[0]) localStorage.setItem('lang', entry.langList[0]);
  window.location.assign(`/register${window.location.search}`);
}

function MerchantSwitcher() {
  const { t } = useTranslation();
  const platform = usePlatform();
  const { data: regions = [] } = useQuery('domainRoute', () => apiGet(apiPaths.domainRoute));
  if (regions.length < 2) return null;
  return (
    <fieldset className="region-switch" data-testid="register-region-switch">
      <legend>{t('auth.region')}</legend>
      {regions.map((entry) => {
        const current = entry.merchantCode === platform.merchant.merchantCode;
        return (
          <button
            key={entry.merchantCode}
            type="button"
            className={`region-switch__item${current ? ' is-current' : ''}`}
            aria-pressed={current}
            data-merchant={entry.merchantCode}
            onClick={() => (current ? undefined : switchMerchant(entry))}
          >
            <img src={`/flags/${entry.country.toLowerCase()}.svg`} width={24} height={18} alt="" />
            {entry.countryName}
          </button>
        );
      })}
    </fieldset>
  );
}

/** The new_player promotions, autoplaying every 5000 ms when there is more than one. */
function NewPlayerCarousel() {
  const { t } = useTranslation();
  const { data: promos = [] } = useQuery('promotions:new_player', () => apiGet(apiPaths.promotions, { query: { category: 'new_player' } }));
  if (promos.length === 0) return null;
  return (
    <Carousel<Promotion>
      items={promos}
      itemKey={(p) => p.id}
      autoplayMs={5000}
      testId="register-carousel"
      className="register-carousel"
      labels={{
        region: t('auth.newPlayerOffers'),
        slide: (n, total) => t('carousel.slide', { n, total }),
        goTo: (n) => t('carousel.goTo', { n }),
        pause: t('carousel.pause'),
        play: t('carousel.play'),
      }}
      renderItem={(p) => (
        <Link to={`/promoDetail?id=${p.id}`} className="register-carousel__slide">
          <Img src={p.imageUrl} alt={p.title} width={640} height={300} />
          <span className="register-carousel__title">{p.title}</span>
        </Link>
      )}
    />
  );
}

/** /register: the registration form as a page, with reset, the region switcher and the new-player offers. */
export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <div className="page page--register" data-testid="page-register">
      <Link to="/" className="register-page__back">
        <IconChevronLeft size={16} />
        {t('common.backHome')}
      </Link>
      <div className="register-page">
        <section className="register-page__offers">
          <NewPlayerCarousel />
        </section>
        <section className="register-page__form" aria-labelledby="register-page-title">
          <h1 id="register-page-title">{t('auth.createAccount')}</h1>
          <MerchantSwitcher />
          <RegisterForm variant="page" />
          <ServiceLink />
        </section>
      </div>
    </div>
  );
}
