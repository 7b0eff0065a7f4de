import { toAmount, toMinor, type Withdrawal } from '@platform/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { DateText } from '../../../ui/DateText.tsx';
import { TextField } from '../../../ui/form.tsx';
import { confirmWithdrawal, uploadProof } from '../money-api.ts';
import { type Fields, fieldTexts, useAmountParser, useFieldErrors, useMoney } from '../money-kit.tsx';

/** The spec's confirmation of a paid withdrawal: received, not received, or partly received with the amount and a proof image. */
export function ConfirmForm({ w, onDone }: { w: Withdrawal; onDone: () => void }) {
  const { t } = useTranslation();
  const money = useMoney(w.currency);
  const readAmount = useAmountParser(w.currency);
  const [result, setResult] = useState<'received' | 'not_received' | 'partly_received'>('received');
  const [received, setReceived] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors, clearOnEdit] = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const parsed = readAmount(received);
  const remaining = 'amount' in parsed && parsed.amount < w.amount ? w.amount - parsed.amount : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Fields = {};
    if (result === 'partly_received') {
      if ('problem' in parsed) found.receivedAmount = t(parsed.problem as 'validation.required');
      else if (parsed.amount >= w.amount)
        found.receivedAmount = t('validation.amount_above_max', { max: money(toAmount(toMinor(w.amount, w.currency) - 1, w.currency)) });
      if (!file) found.proof = t('validation.required');
      else if (!/^image\/(png|jpeg)$/.test(file.type)) found.proof = t('validation.image_type');
      else if (file.size > 5 * 1024 * 1024) found.proof = t('validation.image_too_big', { max: 5 });
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      if (result === 'partly_received' && file) await uploadProof(w.reference, file);
      await confirmWithdrawal(w.reference, {
        result,
        receivedAmount: result === 'partly_received' && 'amount' in parsed ? parsed.amount : undefined,
      });
      onDone();
    } catch (err) {
      setErrors(fieldTexts(t, err, 'result'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form money-form money-form--inset" onSubmit={submit} noValidate onChange={clearOnEdit} data-testid="confirm-form">
      <p className="money-muted">
        {t('withdraw.confirmAsk', { amount: money(w.amount) })}
        {w.confirmBy ? (
          <>
            {' '}
            {t('withdraw.confirmBy')} <DateText value={w.confirmBy} />
          </>
        ) : null}
      </p>
      <fieldset className="money-choice" aria-label={t('withdraw.confirmTitle')}>
        {(['received', 'not_received', 'partly_received'] as const).map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={result === r}
            className={`money-choice__item${result === r ? ' is-active' : ''}`}
            onClick={() => setResult(r)}
            data-testid={`confirm-${r}`}
          >
            {t(`withdraw.status.${r}`)}
          </button>
        ))}
      </fieldset>
      {result === 'partly_received' ? (
        <>
          <TextField
            name="receivedAmount"
            label={t('withdraw.receivedAmount')}
            value={received}
            onValue={setReceived}
            error={errors.receivedAmount}
            inputMode="decimal"
            required
          />
          <p className="money-muted" data-testid="remaining-amount">
            {t('withdraw.remainingAmount')}: {remaining === null ? '—' : money(remaining)}
          </p>
          <div className={`field${errors.proof ? ' has-error' : ''}`} data-field="proof">
            <label className="field__label">
              {t('withdraw.proof')}
              <input
                type="file"
                className="field__input"
                name="proof"
                accept="image/png,image/jpeg"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                data-testid="field-proof"
              />
            </label>
            {errors.proof ? (
              <p className="field__error" data-testid="error-proof">
                {errors.proof}
              </p>
            ) : null}
          </div>
        </>
      ) : null}
      {errors.result ? <p className="field__error">{errors.result}</p> : null}
      <Button type="submit" variant="primary" busy={busy} data-testid="confirm-submit">
        {t('security.confirm')}
      </Button>
    </form>
  );
}
