import { type AdminVerification, adminPaths, type Page, type VerificationDocument, verificationPaths } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import { Dialog } from '@platform/ui/Dialog.tsx';
import { TextField } from '@platform/ui/form.tsx';
import { Loader } from '@platform/ui/Loader.tsx';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
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

const statuses = ['pending', 'approved', 'rejected'] as const;
type Status = (typeof statuses)[number];

function Badge({ status }: { status: AdminVerification['status'] }) {
  const { t } = useTranslation();
  const tone = status === 'approved' ? 'on' : status === 'rejected' ? 'off' : 'warn';
  return (
    <span className={`badge badge--${tone}`} data-testid="verification-status">
      {t(`verifications.status_${status}`)}
    </span>
  );
}

/** A document the player sent, fetched with the operator's token (an <img> alone cannot send it). */
function DocumentImage({ memberId, doc }: { memberId: number; doc: VerificationDocument }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let url: string | undefined;
    let gone = false;
    const path = verificationPaths.adminDocument.replace(':memberId', String(memberId)).replace(':id', String(doc.id));
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
  }, [memberId, doc.id]);
  const label = t(`verifications.kind_${doc.kind}`);
  return (
    <figure className="kyc-doc" data-testid={`document-${doc.kind}`}>
      {src ? (
        <a href={src} target="_blank" rel="noreferrer">
          <img src={src} alt={label} style={{ maxWidth: '100%', maxHeight: 220, border: '1px solid var(--color-border, #ccc)' }} />
        </a>
      ) : (
        <Loader label={t('app.loading')} />
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** One member's documents; approve, or reject with a reason (both audited, the player gets a message). */
function ReviewDialog({ memberId, onClose, onDecided }: { memberId: number; onClose: () => void; onDecided: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const canReview = me.permissions.includes('verifications.review');
  const detail = useLoad(
    (signal) => api.get<AdminVerification>(verificationPaths.adminMember, { signal, params: { memberId: String(memberId) } }),
    [memberId],
  );
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [done, setDone] = useState<'approved' | 'rejected' | null>(null);
  const decide = async (decision: 'approve' | 'reject') => {
    setBusy(decision);
    setErrors({});
    try {
      await api.send(verificationPaths.adminDecision, { decision, reason }, { params: { memberId: String(memberId) } });
      setDone(decision === 'approve' ? 'approved' : 'rejected');
      detail.reload();
      onDecided();
    } catch (err) {
      setErrors(fieldErrors(t, err));
    } finally {
      setBusy(null);
    }
  };
  const v = detail.data;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('verifications.title', { account: v?.account ?? `#${memberId}` })}
      closeLabel={t('app.close')}
      size="lg"
      testId="verification-dialog"
    >
      {!v ? (
        detail.error ? (
          <p className="form-error" role="alert">
            {fieldErrors(t, detail.error).form}
          </p>
        ) : (
          <Loader label={t('app.loading')} />
        )
      ) : (
        <div className="stack">
          <dl className="facts">
            <dt>{t('verifications.merchant')}</dt>
            <dd>{v.merchant}</dd>
            <dt>{t('verifications.player')}</dt>
            <dd>
              {v.account} <span className="muted">#{v.memberId}</span>
            </dd>
            <dt>{t('verifications.status')}</dt>
            <dd>
              <Badge status={v.status} />
              {v.reason ? <span className="muted"> — {v.reason}</span> : null}
            </dd>
            <dt>{t('verifications.submitted')}</dt>
            <dd>{v.submittedAt ? new Date(v.submittedAt).toLocaleString(locale()) : '—'}</dd>
            {v.reviewedBy ? (
              <>
                <dt>{t('verifications.reviewedBy')}</dt>
                <dd>{v.reviewedBy}</dd>
              </>
            ) : null}
          </dl>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: '1rem' }}>
            {v.documents.map((d) => (
              <DocumentImage key={d.id} memberId={v.memberId} doc={d} />
            ))}
          </div>
          {done ? (
            <p className="notice notice--ok" role="status" data-testid="verification-done">
              {t(`verifications.${done}`)}
            </p>
          ) : null}
          {canReview && v.status === 'pending' ? (
            <div className="stack">
              <TextField
                name="reason"
                label={t('verifications.reason')}
                value={reason}
                onValue={setReason}
                error={errors.reason}
                maxLength={300}
              />
              <p className="muted">{t('verifications.reasonHint')}</p>
              {errors.form ? (
                <p className="form-error" role="alert">
                  {errors.form}
                </p>
              ) : null}
              <div className="row-end">
                <Button
                  variant="outline"
                  busy={busy === 'reject'}
                  disabled={busy !== null}
                  onClick={() => void decide('reject')}
                  data-testid="verification-reject"
                >
                  {t('verifications.reject')}
                </Button>
                <Button
                  busy={busy === 'approve'}
                  disabled={busy !== null}
                  onClick={() => void decide('approve')}
                  data-testid="verification-approve"
                >
                  {t('verifications.approve')}
                </Button>
              </div>
            </div>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}

/** The identity verifications of the operator's merchants: the pending queue first in, first out; the decided ones as history. */
export default function VerificationsPage() {
  const { t } = useTranslation();
  const merchants = useLoad((signal) => api.get<{ list: { code: string }[] }>(adminPaths.merchants, { signal }), []);
  const [status, setStatus] = useState<Status>('pending');
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<number | null>(null);

  const load = useMemo(
    () => (query: TableQuery, signal: AbortSignal) =>
      api
        .get<Page<AdminVerification>>(verificationPaths.adminList, {
          signal,
          query: { status, merchant: query.filters.merchant, pageNo: query.page + 1, pageSize: query.pageSize },
        })
        .then((answer) => ({ rows: answer.content, total: answer.totalElements, capped: false })),
    [status],
  );

  const columns = useMemo<ColumnDef<AdminVerification, unknown>[]>(
    () => [
      { id: 'merchant', accessorKey: 'merchant', header: t('verifications.merchant'), enableSorting: false },
      {
        id: 'account',
        accessorKey: 'account',
        header: t('verifications.player'),
        enableSorting: false,
        cell: (c) => (
          <span>
            {c.row.original.account} <span className="muted">#{c.row.original.memberId}</span>
          </span>
        ),
      },
      {
        id: 'documents',
        header: t('verifications.documents'),
        enableSorting: false,
        cell: (c) => c.row.original.documents.map((d) => t(`verifications.kind_${d.kind}`)).join(', '),
      },
      {
        id: 'submittedAt',
        accessorKey: 'submittedAt',
        header: t('verifications.submitted'),
        enableSorting: false,
        cell: (c) => (c.row.original.submittedAt ? new Date(c.row.original.submittedAt).toLocaleString(locale()) : '—'),
      },
      { id: 'status', header: t('verifications.status'), enableSorting: false, cell: (c) => <Badge status={c.row.original.status} /> },
      { id: 'reviewedBy', accessorKey: 'reviewedBy', header: t('verifications.reviewedBy'), enableSorting: false },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        enableHiding: false,
        cell: (c) => (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setOpen(c.row.original.memberId)}
            data-testid={`review-member-${c.row.original.account}`}
          >
            {t('verifications.review')}
          </Button>
        ),
      },
    ],
    [t],
  );

  return (
    <div className="page">
      <h1 className="page__title">{t('verifications.nav')}</h1>
      <fieldset className="segments">
        <legend className="visually-hidden">{t('verifications.status')}</legend>
        {statuses.map((s) => (
          <button
            key={s}
            type="button"
            className={`segment${s === status ? ' is-active' : ''}`}
            aria-pressed={s === status}
            onClick={() => {
              setStatus(s);
              setVersion((v) => v + 1);
            }}
            data-testid={`verification-status-${s}`}
          >
            {t(`verifications.status_${s}`)}
          </button>
        ))}
      </fieldset>
      <DataTable
        id="verifications"
        columns={columns}
        load={load}
        version={version}
        rowTestId={(r) => `verification-${r.account}`}
        filters={[
          {
            id: 'merchant',
            label: t('verifications.merchant'),
            options: (merchants.data?.list ?? []).map((m) => ({ value: m.code, label: m.code })),
          },
        ]}
      />
      {open !== null ? <ReviewDialog memberId={open} onClose={() => setOpen(null)} onDecided={() => setVersion((v) => v + 1)} /> : null}
    </div>
  );
}
