import { useTranslation } from 'react-i18next';
import './messages.css';

/** The count of unread platform messages beside a menu entry (nothing when none); 99+ past 99. */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span className="unread-badge" data-testid="unread-badge" role="status" aria-label={t('inbox.badge', { count })}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
