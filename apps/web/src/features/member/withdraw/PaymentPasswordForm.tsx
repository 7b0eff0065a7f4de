import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/form.tsx';
import { useGlobalDialog } from '../../../ui/GlobalDialog.tsx';
import { setPaymentPassword } from '../money-api.ts';
import { type Fields, fieldTexts, useFieldErrors } from '../money-kit.tsx';

/** Sets the 6-digit payment password, or changes it with the old one. */
export function PaymentPasswordForm({ hasOne, onDone }: { hasOne: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const dialog = useGlobalDialog();
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors, clearOnEdit] = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Fields = {};
    if (hasOne && !old) found.oldPaymentPassword = t('validation.required');
    if (!/^\d{6}$/.test(next)) found.newPaymentPassword = t('validation.payment_password_format');
    if (confirm !== next) found.confirmPaymentPassword = t('validation.confirm_mismatch');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await setPaymentPassword({ oldPaymentPassword: hasOne ? old : undefined, newPaymentPassword: next, confirmPaymentPassword: confirm });
      await dialog({ message: t('withdraw.paymentPasswordSaved'), timeoutMs: 2500, closeOnCover: true });
      onDone();
    } catch (err) {
      setErrors(fieldTexts(t, err, hasOne ? 'oldPaymentPassword' : 'newPaymentPassword'));
    } finally {
      setBusy(false);
    }
  };
  const pin = { type: 'password', inputMode: 'numeric', maxLength: 6, autoComplete: 'off', required: true } as const;
  return (
    <form
      className="form money-form money-form--inset"
      onSubmit={submit}
      noValidate
      onChange={clearOnEdit}
      data-testid="payment-password-form"
    >
      {hasOne ? (
        <TextField
          name="oldPaymentPassword"
          label={t('withdraw.oldPaymentPassword')}
          value={old}
          onValue={setOld}
          error={errors.oldPaymentPassword}
          {...pin}
        />
      ) : null}
      <TextField
        name="newPaymentPassword"
        label={t('withdraw.newPaymentPassword')}
        value={next}
        onValue={setNext}
        error={errors.newPaymentPassword}
        {...pin}
      />
      <TextField
        name="confirmPaymentPassword"
        label={t('withdraw.confirmPaymentPassword')}
        value={confirm}
        onValue={setConfirm}
        error={errors.confirmPaymentPassword}
        {...pin}
      />
      <Button type="submit" variant="primary" busy={busy} data-testid="payment-password-submit">
        {t('security.save')}
      </Button>
    </form>
  );
}
