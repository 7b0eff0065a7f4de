import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { Loader } from '../../ui/Loader.tsx';

/** While a page's code or data loads: a thin progress bar at once, the global loader if it takes a while. */
export function NavigationLoader() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const loading = navigation.state === 'loading';
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!loading) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), 400);
    return () => clearTimeout(timer);
  }, [loading]);
  if (!loading) return null;
  return (
    <>
      <div className="nav-progress" aria-hidden="true" />
      {slow ? <Loader overlay label={t('common.loading')} /> : null}
    </>
  );
}
