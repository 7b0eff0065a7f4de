import { apiPaths, type Banner, type BannerGroup } from '@platform/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiGet } from '../../api/client.ts';
import { useQuery } from '../../api/use-query.ts';
import { Carousel } from '../../ui/Carousel.tsx';
import { Img } from '../../ui/Img.tsx';
import './banner.css';

/** Banner images are 1200 x 400; width and height are set so nothing shifts while they load. */
const bannerWidth = 1200;
const bannerHeight = 400;

/** Where a slide leads, by its linkageType; null when the slide is not clickable. */
export function bannerLink(banner: Banner): { kind: 'route'; to: string } | { kind: 'url'; href: string } | null {
  const target = banner.linkageTarget.trim();
  if (!target) return null;
  switch (banner.linkageType) {
    case 'promotion':
      return /^\d+$/.test(target) ? { kind: 'route', to: `/promoDetail?id=${target}` } : null;
    case 'route':
      return target.startsWith('/') && !target.startsWith('//') ? { kind: 'route', to: target } : null;
    case 'url':
      return /^https?:\/\//i.test(target) ? { kind: 'url', href: target } : null;
    default:
      return null;
  }
}

function Slide({ banner, first }: { banner: Banner; first: boolean }) {
  const { t } = useTranslation();
  // The artwork carries no words: the title is written over it in the reader's language (the image's
  // alt text says it to a screen reader, so the written one is hidden from it).
  const image = (
    <>
      <Img
        src={banner.url}
        alt={banner.title}
        width={bannerWidth}
        height={bannerHeight}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : undefined}
        draggable={false}
      />
      {banner.title ? (
        <span className="banner__title" aria-hidden="true">
          {banner.title}
        </span>
      ) : null}
    </>
  );
  const link = bannerLink(banner);
  // A clickable slide says what the click does, in the reader's language, on every width.
  const cta = (
    <span className="banner__cta" aria-hidden="true">
      {banner.linkageType === 'promotion' ? t('home.ctaOffer') : t('home.ctaPlay')}
    </span>
  );
  let body: ReactNode = <div className="banner">{image}</div>;
  if (link?.kind === 'route') {
    body = (
      <Link to={link.to} className="banner banner--link">
        {image}
        {cta}
      </Link>
    );
  } else if (link?.kind === 'url') {
    body = (
      <a href={link.href} target="_blank" rel="noopener noreferrer" className="banner banner--link">
        {image}
        {cta}
        <span className="sr-only">{t('common.newTab')}</span>
      </a>
    );
  }
  return body;
}

/**
 * The banner strip of a route's banner group: shown only when the group has banners. One slide at a
 * time with dots and 20 px spacing; autoplay every 5000 ms and loop only with more than one slide.
 */
export function BannerStrip({ group, home }: { group: BannerGroup; home: boolean }) {
  const { t } = useTranslation();
  const banners = useQuery(`banners:${group}`, () => apiGet(apiPaths.banners, { query: { group } }));
  if (banners.loading && !banners.data) return <div className="banner-strip banner-strip--loading" aria-hidden="true" />;
  const list = banners.data ?? [];
  if (list.length === 0) return null;
  return (
    <div className={`banner-strip${home ? ' banner-strip--home' : ''}`} data-testid="banner-strip" data-group={group}>
      <Carousel
        items={list}
        itemKey={(b) => b.bannerId}
        autoplayMs={5000}
        gap={20}
        labels={{
          region: t('carousel.region'),
          slide: (n, total) => t('carousel.slide', { n, total }),
          goTo: (n) => t('carousel.goTo', { n }),
          pause: t('carousel.pause'),
          play: t('carousel.play'),
        }}
        renderItem={(banner, i) => <Slide banner={banner} first={i === 0} />}
      />
    </div>
  );
}
