import type { CountryCode, Location, Permission, SystemStatus } from '@platform/contract';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { isRegionRestricted } from '../merchants/merchant-context.ts';
import { isInMaintenance, type Merchant, toMerchantEntry } from '../merchants/merchants.service.ts';

/** 0 normal, 1 maintenance (it wins over restriction: nobody can play anyway), 2 restricted. */
export function systemStatus(merchant: Merchant, location: Location, now = new Date()): SystemStatus {
  const maintenance = isInMaintenance(merchant, now);
  return {
    status: maintenance ? 1 : isRegionRestricted(merchant, location) ? 2 : 0,
    maintenanceEnd: maintenance && merchant.maintenanceEnd ? merchant.maintenanceEnd.toISOString() : null,
    location,
  };
}

/** Everything the site needs at start to render the merchant's white-label shell. */
export function permission(merchant: Merchant, location: Location, now = new Date()): Permission {
  const status = systemStatus(merchant, location, now);
  return {
    info: {
      merchant: toMerchantEntry(merchant),
      theme: merchant.theme,
      whitelabel: merchant.whitelabel,
      // Only the fields the form shows; the full rule list is served by the register-settings path.
      registerRules: merchant.registerRules.filter((r) => r.enabled),
      resources: merchant.resources,
      customerService: merchant.customerService,
      socialLinks: merchant.socialLinks,
      analytics: merchant.analytics,
      imageCDNs: merchant.imageCdns,
      launchGameCDNs: merchant.launchGameCdns,
      paymentImages: merchant.paymentImages,
      market: merchant.market,
      location,
    },
    maintenance: status.status === 1,
    regionRestriction: status.status === 2,
    maintenanceEnd: status.maintenanceEnd,
  };
}

/** The merchant part of the permission JSON, serialised once per loaded merchant row. */
const infoJsonCache = new WeakMap<Merchant, string>();

/**
 * The permission answer as JSON text. Only the visitor's location and the flags differ between
 * requests of one merchant, so the rest (several KB of configuration) is serialised once per
 * merchant version: this endpoint is called by every page load and is the hottest in the API.
 */
export function permissionJson(merchant: Merchant, location: Location, now = new Date()): string {
  let infoJson = infoJsonCache.get(merchant);
  if (!infoJson) {
    const { location: _omit, ...info } = permission(merchant, location, now).info;
    infoJson = JSON.stringify(info).slice(0, -1);
    infoJsonCache.set(merchant, infoJson);
  }
  const status = systemStatus(merchant, location, now);
  return `{"success":true,"message":"success","value":{"info":${infoJson},"location":${JSON.stringify(location)}},"maintenance":${status.status === 1},"regionRestriction":${status.status === 2},"maintenanceEnd":${JSON.stringify(status.maintenanceEnd)}}}`;
}

let countryCodes: CountryCode[] | undefined;

/**
 * Flag files named otherwise than the country: the flag-icons set files Ascension and Tristan da
 * Cunha under Saint Helena, the territory they belong to (libphonenumber gives them their own codes).
 */
const flagFiles: Readonly<Record<string, string>> = { AC: 'sh-ac', TA: 'sh-ta' };

/** Every country's dialling code, from libphonenumber's metadata, with its flag image (one for each). */
export function listCountryCodes(): CountryCode[] {
  countryCodes ??= getCountries().map((cc) => ({
    countryCode: cc,
    countryDialingCode: `+${getCountryCallingCode(cc)}`,
    flag: `/flags/${flagFiles[cc] ?? cc.toLowerCase()}.svg`,
  }));
  return countryCodes;
}
