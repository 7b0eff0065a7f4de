import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { DateText } from '../../ui/DateText.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { SafeHtml } from '../../ui/SafeHtml.tsx';
import { usePagerLabels } from '../member/use-pager-labels.ts';
import { useAnnouncements } from '../notice/notice-api.ts';

/** The agent centre's announcements: the merchant's notices, newest first, each opening in place. */
export function AnnouncementPane() {
  const { t } = useTranslation();
  const labels = usePagerLabels();
  const [page, setPage] = useState(1);
  const query = useAnnouncements(page);
  const notices = query.data?.notices ?? [];
  return (
    <div className="money-page" data-testid="agent-announcements">
      <h3>{t('agent.menu.announcement')}</h3>
      {query.error ? (
        <p className="form-error">{errorText(t, query.error)}</p>
      ) : !query.data ? (
        <Loader label={t('common.loading')} />
      ) : notices.length === 0 ? (
        <EmptyState title={t('notice.empty')} />
      ) : (
        <>
          <ul className="money-rows">
            {notices.map((notice, i) => (
              <li key={notice.id} className="money-rows__item">
                <details open={i === 0} className="agent-notice">
                  <summary className="money-rows__line">
                    <strong>{notice.title}</strong>
                    <span className="money-muted">
                      <DateText value={notice.timestamp} pattern="yyyy-MM-dd HH:mm" />
                    </span>
                  </summary>
                  <SafeHtml html={notice.content} className="agent-notice__body" />
                </details>
              </li>
            ))}
          </ul>
          <Pagination page={page} pageCount={query.data.totalPages} onChange={setPage} labels={labels} />
        </>
      )}
    </div>
  );
}
