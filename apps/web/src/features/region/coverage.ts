/**
 * Countries each region (merchant) serves. The domain routes list one country per merchant, so the
 * wider coverage of a currency union lives here.
 */
export const regionCoverage: Readonly<Record<string, readonly string[]>> = {
  BRAZIL: ['BR'],
  UEMOA: ['BJ', 'BF', 'CI', 'GW', 'ML', 'NE', 'SN', 'TG'],
};

/** The merchant that covers a country, if one does. */
export function merchantForCountry(countryCode: string): string | null {
  const code = countryCode.trim().toUpperCase();
  if (!code) return null;
  for (const [merchant, countries] of Object.entries(regionCoverage)) if (countries.includes(code)) return merchant;
  return null;
}
