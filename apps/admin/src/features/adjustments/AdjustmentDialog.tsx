import { type AdjustmentRequest, adjustmentPaths } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import { Dialog } from '@platform/ui/Dialog.tsx';
import { TextField } from '@platform/ui/form.tsx';
import { formatMajor } from '@platform/ui/format-money.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useMe } from '../../app/me.tsx';
import { locale } from '../../i18n/index.ts';
import { AdjustmentStatusBadge } from '../../ui/AdjustmentStatusBadge.tsx';
import { fieldErrors } from '../../ui/field-errors.ts';

/**
 * One adjustment request: who asked for what and why; a second operator approves it (posted at once)
 * or rejects it with a reason. The maker's approve button is off, with the server's own reason: the
 * server refuses it anyway.
 */
export function AdjustmentDialog({
  request,
  onClose,
  onDecided,
}: {
  request: AdjustmentRequest;
  onClose: () => void;
  onDecided: () => void;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const canDecide = me.permissions.includes('ledger.adjust');
  const mine = request.makerId === me.operator.id;
  const [r, setR] = useState(request);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const when = (ms: number) => new Date(ms).toLocaleString(locale());

  const decide = async (action: 'approve' | 'reject') => {
    setBusy(action);
    setErrors({});
    try {
      const decided = await api.send<AdjustmentRequest>(
        action === 'approve' ? adjustmentPaths.approve : adjustmentPaths.reject,
        { reason },
        { params: { id: r.id } },
      );
      setR(decided);
      onDecided();
    } catch (err) {
      setErrors(fieldErrors(t, err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('adjustments.title', { id: r.id })}
      closeLabel={t('app.close')}
      size="lg"
      testId="adjustment-dialog"
    >
      <div className="stack">
        <dl className="facts">
          <dt>{t('adjustments.amount')}</dt>
          <dd className={`num${r.amount < 0 ? ' debit' : ''}`} data-testid="adjustment-amount">
            {formatMajor(r.amount, r.currency, locale())}
          </dd>
          <dt>{t('adjustments.status')}</dt>
          <dd>
            <AdjustmentStatusBadge status={r.status} />
          </dd>
          <dt>{t('adjustments.merchant')}</dt>
          <dd>{r.merchant}</dd>
          <dt>{t('adjustments.player')}</dt>
          <dd>
            {r.account} <span className="muted">#{r.memberId}</span>
          </dd>
          <dt>{t('adjustments.reason')}</dt>
          <dd data-testid="adjustment-reason">{r.reason}</dd>
          <dt>{t('adjustments.maker')}</dt>
          <dd>
            {r.maker} <span className="muted">· {when(r.createdAt)}</span>
          </dd>
          {r.checker ? (
            <>
              <dt>{t('adjustments.checker')}</dt>
              <dd data-testid="adjustment-checker">
                {r.checker}
                {r.decidedAt ? <span className="muted"> · {when(r.decidedAt)}</span> : null}
                {r.checkerReason ? <span> — {r.checkerReason}</span> : null}
              </dd>
            </>
          ) : null}
        </dl>
        {r.status !== 'pending' ? (
          <p className="notice notice--ok" role="status" data-testid="adjustment-done">
            {r.status === 'approved' ? t('adjustments.approved', { id: r.transactionId }) : t('adjustments.rejected')}
          </p>
        ) : null}
        {canDecide && r.status === 'pending' ? (
          <div className="stack">
            <TextField
              name="reason"
              label={t('adjustments.decisionReason')}
              value={reason}
              onValue={setReason}
              error={errors.reason}
              maxLength={500}
            />
            <p className="muted">{t('adjustments.decisionHint')}</p>
            {errors.form ? (
              <p className="form-error" role="alert" data-testid="form-error">
                {errors.form}
              </p>
            ) : null}
            {mine ? (
              <p className="notice" data-testid="own-request">
                {t('error.adjustment_same_operator')}
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
                {t('adjustments.reject')}
              </Button>
              <Button
                busy={busy === 'approve'}
                disabled={busy !== null || mine}
                title={mine ? t('error.adjustment_same_operator') : undefined}
                onClick={() => void decide('approve')}
                data-testid="approve"
              >
                {t('adjustments.approve')}
              </Button>
            </div>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
