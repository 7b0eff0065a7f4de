import { useTranslation } from 'react-i18next';
import { Loader } from '../../ui/Loader.tsx';

/** The global loader overlay while the first page's code loads. */
export function BootLoader() {
  const { t } = useTranslation();
  return <Loader overlay label={t('common.loading')} />;
}
