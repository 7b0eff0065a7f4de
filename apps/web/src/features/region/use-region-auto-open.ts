import { useEffect } from 'react';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { useUiActions } from '../../app/providers/ui-store.tsx';
import { merchantForCountry } from './coverage.ts';

const askedKey = 'regionAsked';

/**
 * Opens the region picker by itself when no merchant was chosen and the visitor's country is
 * unknown or not covered; once per session, so closing it is respected.
 */
export function useRegionAutoOpen(): void {
  const { info } = usePlatform();
  const { openRegion } = useUiActions();
  useEffect(() => {
    if (localStorage.getItem('merchantCode') || sessionStorage.getItem(askedKey)) return;
    if (merchantForCountry(info.location.countryCode)) return;
    sessionStorage.setItem(askedKey, '1');
    openRegion();
  }, [info.location.countryCode, openRegion]);
}
