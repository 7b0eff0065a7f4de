import type { Notice } from '@platform/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/Button.tsx';
import { DateText } from '../../ui/DateText.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { SafeHtml } from '../../ui/SafeHtml.tsx';
import { useAnnouncements } from './notice-api.ts';
import './notice.css';

/** The spec's notice date format. */
const noticeDate = 'yyyy-MM-dd hh:mm:ss';

/**
 * Announcements: a page of 9 on the left (the session's popups pinned above the first page), the
 * chosen one's sanitised HTML on the right.
 */
export function NoticeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number | null>(null);
  const query = useAnnouncements(page);
  const data = query.data;
  const pinned = page === 1 ? (data?.popupList ?? []) : [];
  const items: { notice: Notice; pinned: boolean }[] = [
    ...pinned.map((notice) => ({ notice, pinned: true })),
    ...(data?.notices ?? []).map((notice) => ({ notice, pinned: false })),
  ];
  const current = items.find((i) => i.notice.id === chosen) ?? items[0];

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('notice.title')}
      closeLabel={t('common.close')}
      testId="notice-dialog"
      size="lg"
      className="notice-dialog"
    >
      {query.error ? (
        <EmptyState
          title={errorText(t, query.error)}
          action={
            <Button variant="primary" onClick={query.reload}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : !data ? (
        <Loader label={t('common.loading')} />
      ) : items.length === 0 ? (
        <EmptyState title={t('notice.empty')} />
      ) : (
        <div className="notice">
          <div className="notice__side">
            <ul className="notice__list" aria-label={t('notice.list')}>
              {items.map(({ notice, pinned: isPinned }) => (
                <li key={`${isPinned ? 'p' : 'n'}${notice.id}`}>
                  <button
                    type="button"
                    className={`notice__item${current?.notice.id === notice.id ? ' is-active' : ''}`}
                    aria-current={current?.notice.id === notice.id ? 'true' : undefined}
                    aria-controls="notice-content"
                    onClick={() => setChosen(notice.id)}
                  >
                    <span className="notice__item-title">
                      {isPinned ? <span className="badge">{t('notice.pinned')}</span> : null}
                      {notice.title}
                    </span>
                    <DateText value={notice.timestamp} pattern={noticeDate} />
                  </button>
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pageCount={data.totalPages}
              onChange={(n) => {
                setPage(n);
                setChosen(null);
              }}
              labels={{ nav: t('pager.nav'), previous: t('pager.previous'), next: t('pager.next'), page: (n) => t('pager.page', { n }) }}
            />
          </div>
          <article id="notice-content" className="notice__content" aria-live="polite">
            {current ? (
              <>
                <h3 className="notice__title">{current.notice.title}</h3>
                <p className="notice__date">
                  <DateText value={current.notice.timestamp} pattern={noticeDate} />
                </p>
                <SafeHtml html={current.notice.content} />
              </>
            ) : (
              <p>{t('notice.choose')}</p>
            )}
          </article>
        </div>
      )}
    </Dialog>
  );
}
