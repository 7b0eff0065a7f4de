import type { Captcha, CodeSent } from '@platform/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName, useCountryCodes } from '../../api/queries.ts';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { errorText } from '../../i18n/error-text.ts';
import { PhoneField, SendCodeButton, TextField } from '../../ui/form.tsx';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';

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
