import { type AuditLogRow, adminPaths, apiPaths, backofficePaths, type WithdrawalDetail } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import { Dialog } from '@platform/ui/Dialog.tsx';
import { TextField } from '@platform/ui/form.tsx';
import { formatMajor } from '@platform/ui/format-money.ts';
import { Loader } from '@platform/ui/Loader.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useLoad } from '../../api/use-load.ts';
import { useMe } from '../../app/me.tsx';
import { locale } from '../../i18n/index.ts';
import { fieldErrors } from '../../ui/field-errors.ts';
import { StatusBadge } from './StatusBadge.tsx';

/**
 * One withdrawal under review: where the money goes, who asks, what calls for a closer look, and its
 * audit lines; approve (paid out through the provider) or reject with a reason (the money returns).
 */
export function ReviewDialog({ reference, onClose, onDecided }: { reference: string; onClose: () => void; onDecided: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const canReview = me.permissions.includes('withdrawals.review');
  const canReadAudit = me.permissions.includes('audit.read');
  const detail = useLoad((signal) => api.get<WithdrawalDetail>(backofficePaths.withdrawal, { signal, params: { reference } }), [reference]);
  const trail = useLoad(
    (signal) =>
      canReadAudit
        ? api.get<{ list: AuditLogRow[] }>(adminPaths.auditLog, { signal, query: { target: reference, order: 'asc', pageSize: 50 } })
        : Promise.resolve({ list: [] as AuditLogRow[] }),
    [reference, canReadAudit],
  );
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [done, setDone] = useState<'approved' | 'rejected' | null>(null);

  const decide = async (action: 'approve' | 'reject') => {
    setBusy(action);
    setErrors({});
    try {
      await api.send(
        action === 'approve' ? apiPaths.adminWithdrawalApprove : apiPaths.adminWithdrawalReject,
        { reason },
        { params: { reference } },
      );
      setDone(action === 'approve' ? 'approved' : 'rejected');
      detail.reload();
      trail.reload();
      onDecided();
    } catch (err) {
      setErrors(fieldErrors(t, err));
    } finally {
      setBusy(null);
    }
  };

  const w = detail.data;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('withdrawals.title', { reference })}
      closeLabel={t('app.close')}
      size="lg"
      testId="review-dialog"
    >
      {!w ? (
        detail.error ? (
          <p className="form-error" role="alert">
            {fieldErrors(t, detail.error).form}
          </p>
        ) : (
          <Loader label={t('app.loading')} />
        )
      ) : (
        <div className="stack">
          <div className="review-grid">
            <dl className="facts">
              <dt>{t('withdrawals.amount')}</dt>
              <dd className="num" data-testid="review-amount">
                {formatMajor(w.amount, w.currency, locale())}
              </dd>
              <dt>{t('withdrawals.status')}</dt>
              <dd>
                <StatusBadge status={w.status} />
              </dd>
              <dt>{t('withdrawals.merchant')}</dt>
              <dd>{w.merchant}</dd>
              <dt>{t('withdrawals.player')}</dt>
              <dd>
                {w.account} <span className="muted">#{w.memberId}</span>
              </dd>
              <dt>{t('withdrawals.requested')}</dt>
              <dd>{new Date(w.createdAt).toLocaleString(locale())}</dd>
              <dt>{t('withdrawals.memberSince')}</dt>
              <dd>{new Date(w.member.createdAt).toLocaleDateString(locale())}</dd>
              <dt>{t('withdrawals.mobile')}</dt>
              <dd>{w.member.mobile ?? '—'}</dd>
              <dt>{t('withdrawals.paidBefore')}</dt>
              <dd>{w.paidBefore}</dd>
            </dl>
            <dl className="facts">
              <dt>{t('withdrawals.payee')}</dt>
              <dd data-testid="review-payee">
                {w.payee ? (
                  <>
                    {w.payee.holderName}
                    <br />
                    <span className="muted">
                      {t(`withdrawals.kind_${w.payee.kind}`, { defaultValue: w.payee.kind })} · {w.payee.institution} · {w.payee.number}
                    </span>
                  </>
                ) : (
                  t('withdrawals.payeeNone')
                )}
              </dd>
              <dt>{t('withdrawals.payeeName')}</dt>
              <dd>{w.member.payeeName ?? '—'}</dd>
              <dt>{t('withdrawals.flags')}</dt>
              <dd data-testid="review-flags">
                {w.flags.length === 0 ? (
                  <span className="badge badge--on">{t('withdrawals.noFlags')}</span>
                ) : (
                  w.flags.map((f) => (
                    <span key={f} className="badge badge--warn flag">
                      {t(`withdrawals.flag_${f}`)}
                    </span>
                  ))
                )}
              </dd>
              {w.reviewedBy ? (
                <>
                  <dt>{t('withdrawals.reviewedBy')}</dt>
                  <dd>
                    {w.reviewedBy}
                    {w.reviewReason ? <span className="muted"> — {w.reviewReason}</span> : null}
                  </dd>
                </>
              ) : null}
            </dl>
          </div>
          {done ? (
            <p className="notice notice--ok" role="status" data-testid="review-done">
              {t(`withdrawals.${done}`)}
            </p>
          ) : null}
          {canReview && w.status === 'pending' ? (
            <div className="stack">
              <TextField
                name="reason"
                label={t('withdrawals.reason')}
                value={reason}
                onValue={setReason}
                error={errors.reason}
                maxLength={500}
              />
              <p className="muted">{t('withdrawals.reasonHint')}</p>
              {errors.form ? (
                <p className="form-error" role="alert" data-testid="form-error">
                  {errors.form}
                </p>
              ) : null}
              <div className="row-end">
                <Button
                  variant="outline"
                  busy={busy === 'reject'}
                  disabled={busy !== null}
                  onClick={() => void decide('reject')}
                  data-testid="reject"
                >
                  {t('withdrawals.reject')}
                </Button>
                <Button busy={busy === 'approve'} disabled={busy !== null} onClick={() => void decide('approve')} data-testid="approve">
                  {t('withdrawals.approve')}
                </Button>
              </div>
            </div>
          ) : null}
          {canReadAudit ? (
            <section>
              <h2 className="section-title">{t('withdrawals.trail')}</h2>
              {(trail.data?.list ?? []).length === 0 ? (
                <p className="muted">{t('withdrawals.trailEmpty')}</p>
              ) : (
                <ol className="trail" data-testid="review-trail">
                  {(trail.data?.list ?? []).map((a) => (
                    <li key={a.id}>
                      <span className="muted">{new Date(a.at).toLocaleString(locale())}</span> <strong>{a.action}</strong> {a.operator}
                      {a.reason ? <span> — {a.reason}</span> : null}
                    </li>
                  ))}
                </ol>
              )}
            </section>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
