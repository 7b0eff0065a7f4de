import type { Location } from '@platform/contract';
import geoip from 'geoip-country';

/** Country of an IP address from the offline GeoLite2 country database shipped in geoip-country. */
export function locate(ip: string | undefined): Location {
  // A request without a peer address (an in-process upgrade) has no location.
  const plain = ip?.startsWith('::ffff:') ? ip.slice(7) : (ip ?? '');
  const hit = geoip.lookup(plain);
  return { ip: plain, country: hit?.name ?? '', countryCode: hit?.country ?? '' };
}
