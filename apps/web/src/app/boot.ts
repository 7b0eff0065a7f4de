import { apiPaths, type Permission } from '@platform/contract';
import { ApiError, apiGet } from '../api/client.ts';
import { merchantCode, setRequestLanguage } from '../api/request-context.ts';
import { adoptToken } from '../api/session.ts';
import { merchantForCountry } from '../features/region/coverage.ts';
import { loadDictionary, startI18n } from '../i18n/index.ts';
import { normaliseLanguage } from '../i18n/languages.ts';
import { applyBrand } from './providers/theme.ts';

export type BootResult = { phase: 'ready'; permission: Permission } | { phase: 'failed'; error: unknown; i18nReady: boolean };

const fetchPermission = () => apiGet(apiPaths.permission);

/**
 * A token in the URL query logs in (spec §4): it becomes the session before the router's guard
 * looks, and leaves the address bar.
 */
function takeQueryToken(): void {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  // Neither the reset link's token nor a game's launch token (/play/...) is a session.
  if (!token || url.pathname === '/resetPassword' || url.pathname.startsWith('/play/')) return;
  adoptToken(token);
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * App start: load the permission data (merchant, switches, location, maintenance and restriction
 * flags), settle the merchant and the language, and load that language's dictionary.
 */
export async function boot(): Promise<BootResult> {
  takeQueryToken();
  const storedLang = localStorage.getItem('lang');
  if (storedLang) setRequestLanguage(normaliseLanguage(storedLang));
  // Both demo merchants start in English; fetch that dictionary while the permission call runs.
  void loadDictionary(normaliseLanguage(storedLang ?? 'EN')).catch(() => undefined);

  let permission: Permission;
  try {
    permission = await fetchPermission();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'APP_ERR_MERCHANT_UNKNOWN' && merchantCode()) {
      // A merchant stored earlier that no longer exists: forget it and take the site's own.
      localStorage.removeItem('merchantCode');
      sessionStorage.removeItem('merchantCode');
      return boot();
    }
    const i18nReady = await startI18n(normaliseLanguage(storedLang ?? 'EN')).then(
      () => true,
      () => false,
    );
    return { phase: 'failed', error, i18nReady };
  }

  // Derived region: with no chosen merchant, a visitor from a country another merchant covers gets
  // that merchant for this session.
  if (!merchantCode()) {
    const derived = merchantForCountry(permission.info.location.countryCode);
    if (derived && derived !== permission.info.merchant.merchantCode) {
      sessionStorage.setItem('merchantCode', derived);
      try {
        permission = await fetchPermission();
      } catch {
        sessionStorage.removeItem('merchantCode');
      }
    }
  }

  const lang = normaliseLanguage(storedLang ?? permission.info.merchant.langList[0] ?? 'EN');
  try {
    await startI18n(lang);
  } catch (error) {
    return { phase: 'failed', error, i18nReady: false };
  }
  applyBrand(permission.info.theme);
  return { phase: 'ready', permission };
}
