import { adminPaths, type Feedback, feedbackPaths, type Page } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import { Dialog } from '@platform/ui/Dialog.tsx';
import { Loader } from '@platform/ui/Loader.tsx';
import type { ColumnDef } from '@tanstack/react-table';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { sessionToken } from '../../api/session.ts';
import { useLoad } from '../../api/use-load.ts';
import { useMe } from '../../app/me.tsx';
import { locale } from '../../i18n/index.ts';
import { DataTable, type TableQuery } from '../../ui/DataTable.tsx';
import { fieldErrors } from '../../ui/field-errors.ts';
import './texts.ts';
import '../../ui/screens.css';
import './feedback.css';

const shows = ['unanswered', 'answered', 'all'] as const;
type Show = (typeof shows)[number];
const answeredOf: Record<Show, '0' | '1' | undefined> = { unanswered: '0', answered: '1', all: undefined };

const when = (ms: number | null) => (ms ? new Date(ms).toLocaleString(locale()) : '—');

function Badge({ answered }: { answered: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge--${answered ? 'on' : 'warn'}`} data-testid="feedback-status">
      {t(answered ? 'feedback.status_answered' : 'feedback.status_unanswered')}
    </span>
  );
}

/** An image the player sent, fetched with the operator's token (an <img> alone cannot send it). */
function FeedbackImage({ id, n }: { id: number; n: number }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let url: string | undefined;
    let gone = false;
    const path = feedbackPaths.adminFeedbackImage.replace(':id', String(id)).replace(':n', String(n));
    fetch(path, { headers: { Authorization: `Bearer ${sessionToken() ?? ''}` } })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then(
        (blob) => {
          url = URL.createObjectURL(blob);
          if (!gone) setSrc(url);
        },
        () => undefined,
      );
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, n]);
  const label = t('feedback.image', { n: n + 1 });
  return (
    <figure data-testid={`feedback-image-${n}`}>
      {src ? (
        <a href={src} target="_blank" rel="noreferrer">
          <img src={src} alt={label} />
        </a>
      ) : (
        <Loader label={t('app.loading')} />
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** One feedback: what the player wrote (as text), their images, and its one answer (sent as a platform message). */
function FeedbackDialog({ item, onClose, onAnswered }: { item: Feedback; onClose: () => void; onAnswered: (f: Feedback) => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const id = useId();
  const canAnswer = me.permissions.includes('feedback.answer');
  const [answer, setAnswer] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const imageNumbers = Array.from({ length: item.images }, (_, n) => n);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    try {
      await api.send(feedbackPaths.adminFeedbackAnswer, { answer }, { params: { id: String(item.id) } });
      setDone(true);
      onAnswered({ ...item, answer: answer.trim(), answeredBy: me.operator.account, answeredAt: Date.now() });
    } catch (err) {
      setErrors(fieldErrors(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('feedback.title', { id: item.id, account: item.account })}
      closeLabel={t('app.close')}
      size="lg"
      testId="feedback-dialog"
    >
      <div className="stack">
        <dl className="facts">
          <dt>{t('feedback.merchant')}</dt>
          <dd>{item.merchant}</dd>
          <dt>{t('feedback.player')}</dt>
          <dd>{item.account}</dd>
          <dt>{t('feedback.sent')}</dt>
          <dd>{when(item.createdAt)}</dd>
          <dt>{t('feedback.status')}</dt>
          <dd>
            <Badge answered={item.answeredAt !== null} />
          </dd>
        </dl>
        <blockquote className="feedback-quote" data-testid="feedback-content">
          {item.content}
        </blockquote>
        {item.images > 0 ? (
          <div className="feedback-images">
            {imageNumbers.map((n) => (
              <FeedbackImage key={n} id={item.id} n={n} />
            ))}
          </div>
        ) : (
          <p className="muted">{t('feedback.noImages')}</p>
        )}
        {done ? (
          <p className="notice notice--ok" role="status" data-testid="feedback-done">
            {t('feedback.done')}
          </p>
        ) : null}
        {item.answeredAt !== null ? (
          <section className="section stack" data-testid="feedback-answer">
            <h2 className="section-title">{t('feedback.answer')}</h2>
            <blockquote className="feedback-quote">{item.answer}</blockquote>
            <p className="muted">
              {t('feedback.answeredBy')}: {item.answeredBy} · {when(item.answeredAt)}
            </p>
          </section>
        ) : canAnswer ? (
          <form className="section stack" onSubmit={submit} noValidate data-testid="feedback-answer-form">
            <div className={`field${errors.answer ? ' has-error' : ''}`} data-field="answer">
              <label className="field__label" htmlFor={`${id}-answer`}>
                {t('feedback.answer')}
              </label>
              <textarea
                id={`${id}-answer`}
                className="field__input feedback-answer"
                rows={4}
                maxLength={1000}
                value={answer}
                onChange={(e) => setAnswer(e.target.value)}
                aria-invalid={errors.answer ? true : undefined}
                aria-describedby={`${id}-hint${errors.answer ? ` ${id}-error` : ''}`}
                data-testid="field-answer"
              />
              <p id={`${id}-hint`} className="muted">
                {t('feedback.answerHint')}
              </p>
              {errors.answer ? (
                <p id={`${id}-error`} className="field__error" data-testid="error-answer">
                  {errors.answer}
                </p>
              ) : null}
            </div>
            {errors.form ? (
              <p className="form-error" role="alert">
                {errors.form}
              </p>
            ) : null}
            <div className="row-end">
              <Button type="submit" busy={busy} data-testid="feedback-send">
                {t('feedback.send')}
              </Button>
            </div>
          </form>
        ) : null}
      </div>
    </Dialog>
  );
}

/** The players' feedback of the operator's merchants, newest first: open one, see its images, answer it once. */
export default function FeedbackPage() {
  const { t } = useTranslation();
  const merchants = useLoad((signal) => api.get<{ list: { code: string }[] }>(adminPaths.merchants, { signal }), []);
  const [show, setShow] = useState<Show>('unanswered');
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<Feedback | null>(null);

  const load = useMemo(
    () => (query: TableQuery, signal: AbortSignal) =>
      api
        .get<Page<Feedback>>(feedbackPaths.adminFeedback, {
          signal,
          query: { answered: answeredOf[show], merchant: query.filters.merchant, pageNo: query.page + 1, pageSize: query.pageSize },
        })
        .then((answer) => ({ rows: answer.content, total: answer.totalElements, capped: false })),
    [show],
  );

  const columns = useMemo<ColumnDef<Feedback, unknown>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: '#', enableSorting: false },
      { id: 'merchant', accessorKey: 'merchant', header: t('feedback.merchant'), enableSorting: false },
      { id: 'account', accessorKey: 'account', header: t('feedback.player'), enableSorting: false },
      {
        id: 'content',
        header: t('feedback.content'),
        enableSorting: false,
        cell: (c) => (
          <span className="feedback-excerpt" title={c.row.original.content}>
            {c.row.original.content}
          </span>
        ),
      },
      { id: 'images', accessorKey: 'images', header: t('feedback.images'), enableSorting: false },
      { id: 'createdAt', header: t('feedback.sent'), enableSorting: false, cell: (c) => when(c.row.original.createdAt) },
      {
        id: 'status',
        header: t('feedback.status'),
        enableSorting: false,
        cell: (c) => <Badge answered={c.row.original.answeredAt !== null} />,
      },
      { id: 'answeredBy', accessorKey: 'answeredBy', header: t('feedback.answeredBy'), enableSorting: false },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        enableHiding: false,
        cell: (c) => (
          <Button size="sm" variant="outline" onClick={() => setOpen(c.row.original)} data-testid={`feedback-open-${c.row.original.id}`}>
            {t('feedback.open')}
          </Button>
        ),
      },
    ],
    [t],
  );

  return (
    <div className="page">
      <h1 className="page__title">{t('feedback.nav')}</h1>
      <fieldset className="segments">
        <legend className="visually-hidden">{t('feedback.status')}</legend>
        {shows.map((s) => (
          <button
            key={s}
            type="button"
            className={`segment${s === show ? ' is-active' : ''}`}
            aria-pressed={s === show}
            onClick={() => {
              setShow(s);
              setVersion((v) => v + 1);
            }}
            data-testid={`feedback-show-${s}`}
          >
            {t(`feedback.show_${s}`)}
          </button>
        ))}
      </fieldset>
      <DataTable
        id="feedback"
        columns={columns}
        load={load}
        version={version}
        rowTestId={(r) => `feedback-${r.id}`}
        filters={[
          {
            id: 'merchant',
            label: t('feedback.merchant'),
            options: (merchants.data?.list ?? []).map((m) => ({ value: m.code, label: m.code })),
          },
        ]}
      />
      {open ? (
        <FeedbackDialog
          item={open}
          onClose={() => setOpen(null)}
          onAnswered={(f) => {
            setOpen(f);
            setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </div>
  );
}
