import { pixKeyTypes, type WithdrawInfo } from '@platform/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { errorText } from '../../../i18n/error-text.ts';
import { Button } from '../../../ui/Button.tsx';
import { SendCodeButton, TextField } from '../../../ui/form.tsx';
import { useGlobalDialog } from '../../../ui/GlobalDialog.tsx';
import { bindAccount, sendAccountCode } from '../money-api.ts';
import { type Fields, fieldTexts, useFieldErrors } from '../money-kit.tsx';
import { SelectField } from './SelectField.tsx';

const mobileBrands = ['orange', 'wave', 'mtn', 'moov', 'free'] as const;

/** Binds a withdrawal account (PIX key, bank account or mobile-money number) with a code sent to the member's own phone. */
export function BindAccountForm({ kinds, onDone }: { kinds: WithdrawInfo['accountKinds']; onDone: () => void }) {
  const { t } = useTranslation();
  const dialog = useGlobalDialog();
  const [kind, setKind] = useState<string>(kinds[0] ?? 'bank');
  const [institution, setInstitution] = useState('');
  const [holderName, setHolderName] = useState('');
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors, clearOnEdit] = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const chosen = institution || (kind === 'pix' ? 'cpf' : kind === 'mobile_money' ? 'orange' : '');

  const send = async () => {
    try {
      const sent = await sendAccountCode();
      return Date.now() + sent.expiredMinutes * 60_000;
    } catch (err) {
      void dialog({ kind: 'warning', message: errorText(t, err) });
      return null;
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Fields = {};
    if (holderName.trim().length < 2) found.holderName = t(holderName.trim() ? 'validation.too_small' : 'validation.required');
    if (!chosen.trim()) found.institution = t('validation.required');
    if (!number.trim()) found.number = t('validation.required');
    if (!code.trim()) found.verificationCode = t('validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await bindAccount({
        kind,
        holderName: holderName.trim(),
        institution: chosen.trim(),
        number: number.trim(),
        verificationCode: code.trim(),
      });
      onDone();
    } catch (err) {
      const fallback = err instanceof ApiError && err.code === 'APP_ERR_VERIFICATION_CODE_INVALID' ? 'verificationCode' : 'number';
      setErrors(fieldTexts(t, err, fallback));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form money-form money-form--inset" onSubmit={submit} noValidate onChange={clearOnEdit} data-testid="bind-account-form">
      <SelectField
        name="kind"
        label={t('withdraw.accountKind')}
        value={kind}
        onValue={(v) => {
          setKind(v);
          setInstitution('');
        }}
        options={kinds.map((k) => ({ value: k, label: t(`withdraw.kinds.${k}`) }))}
        error={errors.kind}
      />
      {kind === 'pix' ? (
        <SelectField
          name="institution"
          label={t('withdraw.pixKeyType')}
          value={chosen}
          onValue={setInstitution}
          options={pixKeyTypes.map((p) => ({ value: p, label: t(`withdraw.pixTypes.${p}`) }))}
          error={errors.institution}
        />
      ) : kind === 'mobile_money' ? (
        <SelectField
          name="institution"
          label={t('withdraw.operator')}
          value={chosen}
          onValue={setInstitution}
          options={mobileBrands.map((b) => ({ value: b, label: t(`withdraw.brands.${b}`) }))}
          error={errors.institution}
        />
      ) : (
        <TextField
          name="institution"
          label={t('withdraw.bankName')}
          value={institution}
          onValue={setInstitution}
          error={errors.institution}
          required
          maxLength={40}
        />
      )}
      <TextField
        name="holderName"
        label={t('withdraw.holderName')}
        value={holderName}
        onValue={setHolderName}
        error={errors.holderName}
        required
        maxLength={60}
      />
      <TextField
        name="number"
        label={kind === 'pix' ? t('withdraw.pixKey') : kind === 'mobile_money' ? t('withdraw.mobileNumber') : t('withdraw.bankAccount')}
        value={number}
        onValue={setNumber}
        error={errors.number}
        required
        maxLength={80}
        autoComplete="off"
      />
      <TextField
        name="verificationCode"
        label={t('withdraw.code')}
        value={code}
        onValue={setCode}
        error={errors.verificationCode}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={255}
        trailing={
          <SendCodeButton onSend={send} label={t('auth.sendCode')} countdownLabel={(s) => t('auth.sentCountdown', { seconds: s })} />
        }
      />
      <p className="money-muted">{t('withdraw.codeHint')}</p>
      <Button type="submit" variant="primary" busy={busy} data-testid="bind-account-submit">
        {t('withdraw.bindAccount')}
      </Button>
    </form>
  );
}
