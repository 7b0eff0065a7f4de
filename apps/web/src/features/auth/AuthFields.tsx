import type { Captcha, CodeSent, RegisterRule } from '@platform/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../api/country-names.ts';
import { useCountryCodes } from '../../api/queries.ts';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/Button.tsx';
import { PhoneField, SendCodeButton, TextField } from '../../ui/form.tsx';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { mobileProblem } from './form-rules.ts';
import type { useAuthForm } from './use-auth-form.ts';

type AuthForm = ReturnType<typeof useAuthForm>;

/** The captcha answer with its image; clicking the image gets a new one (at most once a second). */
export function CaptchaField({
  value,
  onValue,
  error,
  captcha,
  onRefresh,
}: {
  value: string;
  onValue: (v: string) => void;
  error?: string | null;
  captcha: Captcha | null;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      name="captcha"
      label={t('auth.captcha')}
      value={value}
      onValue={onValue}
      error={error}
      required
      autoComplete="off"
      maxLength={16}
      trailing={
        <button type="button" className="captcha-img" onClick={onRefresh} aria-label={t('auth.captchaRefresh')} data-testid="captcha-image">
          {captcha ? (
            <img src={captcha.image} width={120} height={40} alt={t('auth.captchaImage')} data-captcha-id={captcha.captchaId} />
          ) : null}
        </button>
      }
    />
  );
}

/** A phone number being typed: the chosen country (its dialling code) and the national number. */
export function usePhone(initial?: { countryDialingCode: string; mobileNum: string }) {
  const platform = usePlatform();
  const { data: codes = [] } = useCountryCodes();
  const [country, setCountry] = useState<string | null>(null);
  const [mobile, setMobile] = useState(initial?.mobileNum ?? '');
  const fallback =
    codes.find((c) => initial && c.countryDialingCode === initial.countryDialingCode && c.countryCode === platform.merchant.country) ??
    codes.find((c) => initial && c.countryDialingCode === initial.countryDialingCode) ??
    codes.find((c) => c.countryCode === platform.merchant.country);
  const chosen = codes.find((c) => c.countryCode === country) ?? fallback;
  return {
    codes,
    country: chosen?.countryCode ?? '',
    dial: chosen?.countryDialingCode ?? '',
    setCountry,
    mobile,
    setMobile,
  };
}

export type Phone = ReturnType<typeof usePhone>;

export function PhoneInput({ phone, error, name = 'mobileNum' }: { phone: Phone; error?: string | null; name?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <PhoneField
      name={name}
      label={t('auth.mobile')}
      codes={phone.codes}
      country={phone.country}
      onDial={(c) => phone.setCountry(c.countryCode)}
      value={phone.mobile}
      onValue={phone.setMobile}
      error={error}
      required
      pickerLabel={t('auth.dialCode')}
      countryName={(code) => countryName(i18n.language, code)}
    />
  );
}

/**
 * The SMS code with its send button. `check` validates the number first (the send is refused while
 * it fails); a failed send shows the server's message in a warning popup (spec §7).
 */
export function SmsCodeField({
  value,
  onValue,
  error,
  check,
  send,
  name = 'verificationCode',
}: {
  value: string;
  onValue: (v: string) => void;
  error?: string | null;
  check: () => boolean;
  send: () => Promise<CodeSent>;
  name?: string;
}) {
  const { t } = useTranslation();
  const dialog = useGlobalDialog();
  return (
    <TextField
      name={name}
      label={t('auth.smsCode')}
      value={value}
      onValue={onValue}
      error={error}
      required
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={255}
      trailing={
        <SendCodeButton
          label={t('auth.sendCode')}
          countdownLabel={(s) => t('auth.sentCountdown', { seconds: s })}
          onSend={async () => {
            if (!check()) return null;
            try {
              const sent = await send();
              // The countdown is the code's validity (expiredMinutes × 60), as the spec has it.
              return Date.now() + sent.expiredMinutes * 60_000;
            } catch (err) {
              void dialog({ kind: 'warning', message: errorText(t, err) });
              return null;
            }
          }}
        />
      }
    />
  );
}

/** A new password and its confirmation, each with its problem. */
export function NewPasswordFields({
  form,
  password,
  onPassword,
  confirm,
  onConfirm,
}: {
  form: AuthForm;
  password: string;
  onPassword: (v: string) => void;
  confirm: string;
  onConfirm: (v: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        name="newPassword"
        label={t('auth.newPassword')}
        type="password"
        value={password}
        onValue={onPassword}
        error={form.text('newPassword')}
        required
        autoComplete="new-password"
      />
      <TextField
        name="confirmNewPassword"
        label={t('auth.confirmNewPassword')}
        type="password"
        value={confirm}
        onValue={onConfirm}
        error={form.text('confirmNewPassword')}
        required
        autoComplete="new-password"
      />
    </>
  );
}

/** The end of an auth form: its failure that names no field, then its submit button (test ids `<id>-error`, `<id>-submit`). */
export function FormSubmit({ form, id, label }: { form: AuthForm; id: string; label: string }) {
  return (
    <>
      {form.general ? (
        <p className="form-error" role="alert" data-testid={`${id}-error`}>
          {form.general}
        </p>
      ) : null}
      <Button type="submit" variant="primary" size="lg" busy={form.busy} data-testid={`${id}-submit`}>
        {label}
      </Button>
    </>
  );
}

/** The check an SMS code's send button runs first: the number's problem shows at the number, and stops the send. */
export const mobileCheck = (form: AuthForm, rules: readonly RegisterRule[], phone: Phone) => () => {
  const problem = mobileProblem(rules, phone.mobile);
  if (problem) form.setProblems({ mobileNum: problem });
  else form.clear('mobileNum');
  return problem === null;
};
