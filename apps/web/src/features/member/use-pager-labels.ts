import { useTranslation } from 'react-i18next';
import type { PaginationLabels } from '../../ui/Pagination.tsx';

/** The pager's accessible names in the reader's language. */
export function usePagerLabels(): PaginationLabels {
  const { t } = useTranslation();
  return { nav: t('pager.nav'), previous: t('pager.previous'), next: t('pager.next'), page: (n) => t('pager.page', { n }) };
}
