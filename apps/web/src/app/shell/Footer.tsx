import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useGameVendors } from '../../api/queries.ts';
import { changeLanguage, i18next } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { Img } from '../../ui/Img.tsx';
import { usePlatform } from '../providers/platform-context.ts';
import { useUiActions } from '../providers/ui-store.tsx';

const paymentNames: Record<string, string> = {
  pix: 'PIX',
  boleto: 'Boleto',
  visa: 'Visa',
  mastercard: 'Mastercard',
  'orange-money': 'Orange Money',
  wave: 'Wave',
  'mtn-momo': 'MTN MoMo',
  'moov-money': 'Moov Money',
};

/** Readable name of a payment method from its image file name (the API sends images only). */
export function paymentName(src: string): string {
  const file = (src.split('/').pop() ?? src).replace(/\.[a-z0-9]+$/i, '');
  return paymentNames[file] ?? file.replace(/[-_]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

/** Taps on the 18+ icon after which the language switches to CN (the spec's easter egg: more than 4). */
const easterEggTaps = 5;

/**
 * Footer: brand intro, affiliate service, payment methods of the merchant and the responsibility
 * notice; then the vendors by name (no logos; TCG vendors left out) and the copyright line.
 */
export function Footer() {
  const { t } = useTranslation();
  const platform = usePlatform();
  const actions = useUiActions();
  const showDialog = useGlobalDialog();
  const vendors = useGameVendors();
  const taps = useRef(0);
  const seen = new Set<string>();
  const named = (vendors.data ?? []).filter((v) => {
    if (v.vassalage.toUpperCase().startsWith('TCG') || seen.has(v.vassalage)) return false;
    seen.add(v.vassalage);
    return true;
  });

  const tapAdult = async () => {
    taps.current += 1;
    if (taps.current < easterEggTaps) return;
    taps.current = 0;
    await changeLanguage('CN');
    void showDialog({ kind: 'info', message: i18next.t('footer.languageSwitched'), timeoutMs: 2500, closeOnCover: true });
  };

  return (
    <footer className="footer" data-testid="app-footer">
      <div className="footer__groups">
        <section className="footer__group">
          <h2 className="footer__title">{t('footer.about', { brand: platform.brand })}</h2>
          <p>{t('footer.intro', { brand: platform.brand })}</p>
        </section>
        <section className="footer__group">
          <h2 className="footer__title">{t('footer.affiliateTitle')}</h2>
          <p>{t('footer.affiliateText', { brand: platform.brand })}</p>
          <Button variant="accent" size="sm" onClick={() => actions.openAuth('register')}>
            {t('footer.affiliateStart')}
          </Button>
        </section>
        <section className="footer__group">
          <h2 className="footer__title">{t('footer.paymentsTitle')}</h2>
          <ul className="footer__payments">
            {platform.info.paymentImages.map((src) => (
              <li key={src}>
                <Img src={src} alt={paymentName(src)} width={120} height={48} />
              </li>
            ))}
          </ul>
        </section>
        <section className="footer__group">
          <h2 className="footer__title">{t('footer.responsibleTitle')}</h2>
          <div className="footer__responsible">
            <button type="button" className="footer__adult" aria-label={t('footer.adultsOnly')} data-testid="adult-icon" onClick={tapAdult}>
              <svg viewBox="0 0 48 48" width="44" height="44" aria-hidden="true" focusable="false">
                <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="3" />
                <text
                  x="24"
                  y="30"
                  textAnchor="middle"
                  fontSize="16"
                  fontWeight="800"
                  fill="currentColor"
                  fontFamily="system-ui, sans-serif"
                >
                  18+
                </text>
              </svg>
            </button>
            <p>{t('footer.responsibleText')}</p>
          </div>
        </section>
      </div>
      {named.length > 0 ? (
        <section className="footer__vendors" aria-labelledby="footer-vendors-title">
          <h2 id="footer-vendors-title" className="sr-only">
            {t('footer.vendorsTitle')}
          </h2>
          <ul className="footer__vendor-list">
            {named.map((v) => (
              <li key={v.vassalage} className="vendor-chip" data-vendor={v.vassalage}>
                {v.name}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="footer__copyright">{t('footer.copyright', { year: new Date().getFullYear(), brand: platform.brand })}</p>
    </footer>
  );
}
