import type { InboxMessage, Page } from '@platform/contract';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/session.ts';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/Button.tsx';
import { DateText } from '../../ui/DateText.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { IconMail } from '../../ui/icons.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { usePagerLabels } from '../member/use-pager-labels.ts';
import { deleteMessage, inboxPage, openMessage, readAll } from './messages-api.ts';
import { setUnread, useInbox } from './use-inbox.ts';
import './messages.css';

const PAGE_SIZE = 10;

/**
 * messageV2 (platform messages) in the member centre: the list (all or unread), newest first, a
 * message opened (which marks it read), deleted, or all marked read. Texts are shown as text: any
 * markup in a message stays visible and inert. A message pushed live appears at the top at once.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const session = useSession();
  const inbox = useInbox(session?.account);
  const pager = usePagerLabels();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<Page<InboxMessage> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<InboxMessage | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    setError(null);
    inboxPage({ pageNo: page, pageSize: PAGE_SIZE, unread: unreadOnly }).then(setList, (err: unknown) => setError(errorText(t, err)));
  }, [page, unreadOnly, t]);
  useEffect(load, [load]);
  // A message pushed live: the first page shows it at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when a new message arrives
  useEffect(() => {
    if (inbox.latest && page === 1) load();
  }, [inbox.latest]);

  const show = async (m: InboxMessage) => {
    setConfirming(false);
    setOpen(m);
    if (m.read) return;
    try {
      setOpen(await openMessage(m.id));
      setUnread(inbox.unread - 1);
      setList((l) => l && { ...l, content: l.content.map((x) => (x.id === m.id ? { ...x, read: true } : x)) });
    } catch (err) {
      setError(errorText(t, err));
    }
  };
  const remove = async (m: InboxMessage) => {
    setBusy(true);
    try {
      await deleteMessage(m.id);
      if (!m.read) setUnread(inbox.unread - 1);
      setOpen(null);
      load();
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  const markAll = async () => {
    setBusy(true);
    try {
      await readAll();
      setUnread(0);
      load();
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  if (open) {
    return (
      <div className="inbox" data-testid="inbox-message">
        <button type="button" className="inbox__back" onClick={() => setOpen(null)}>
          ← {t('inbox.back')}
        </button>
        <article className="inbox__detail">
          <h3 className="inbox__detail-title">{open.title}</h3>
          <p className="inbox__meta">
            <span className={`inbox__tag inbox__tag--${open.kind}`}>{t(`inbox.${open.kind}`)}</span>
            <DateText value={open.timestamp} />
          </p>
          <p className="inbox__content" data-testid="inbox-content">
            {open.content}
          </p>
        </article>
        <div className="inbox__actions">
          {confirming ? (
            <>
              <span role="alert">{t('inbox.deleteConfirm')}</span>
              <Button variant="accent" size="sm" busy={busy} onClick={() => void remove(open)} data-testid="inbox-delete-yes">
                {t('inbox.delete')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                {t('common.close')}
              </Button>
            </>
          ) : (
            <Button variant="outline" size="sm" onClick={() => setConfirming(true)} data-testid="inbox-delete">
              {t('inbox.delete')}
            </Button>
          )}
        </div>
        {error ? <p className="form-error">{error}</p> : null}
      </div>
    );
  }

  return (
    <div className="inbox" data-testid="inbox">
      <h3>{t('inbox.title')}</h3>
      <div className="inbox__bar">
        <fieldset className="money-filter" aria-label={t('inbox.title')}>
          {[false, true].map((only) => (
            <button
              key={String(only)}
              type="button"
              className={`chip-btn${unreadOnly === only ? ' is-active' : ''}`}
              aria-pressed={unreadOnly === only}
              onClick={() => {
                setPage(1);
                setUnreadOnly(only);
              }}
            >
              {only ? `${t('inbox.unread')} (${inbox.unread})` : t('inbox.all')}
            </button>
          ))}
        </fieldset>
        <Button
          variant="ghost"
          size="sm"
          busy={busy}
          disabled={inbox.unread === 0}
          onClick={() => void markAll()}
          data-testid="inbox-read-all"
        >
          {t('inbox.readAll')}
        </Button>
      </div>
      {error ? <p className="form-error">{error}</p> : null}
      {list === null && !error ? <Loader label={t('common.loading')} /> : null}
      {list && list.content.length === 0 ? <EmptyState icon={<IconMail />} title={t('inbox.empty')} text={t('inbox.emptyText')} /> : null}
      {list && list.content.length > 0 ? (
        <ul className="inbox__list">
          {list.content.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                className={`inbox__row${m.read ? '' : ' is-unread'}`}
                onClick={() => void show(m)}
                data-testid="inbox-row"
              >
                <span className="inbox__dot" aria-hidden="true" />
                <span className="inbox__row-main">
                  <span className="inbox__row-title">
                    {m.read ? null : <span className="sr-only">{t('inbox.unread')}: </span>}
                    {m.title}
                  </span>
                  <span className="inbox__row-preview">{m.content}</span>
                </span>
                <span className="inbox__row-side">
                  <span className={`inbox__tag inbox__tag--${m.kind}`}>{t(`inbox.${m.kind}`)}</span>
                  <DateText value={m.timestamp} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {list ? <Pagination page={page} pageCount={list.totalPages} onChange={setPage} labels={pager} /> : null}
    </div>
  );
}
