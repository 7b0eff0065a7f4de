import { apiPaths } from '@platform/contract';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiSend } from '../../api/client.ts';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/form.tsx';

interface Setup {
  secret: string;
  otpauthUrl: string;
}

/**
 * The authenticator app of the second login step: set it up (QR code of the otpauth address, or the
 * secret typed by hand, then one code to put it in force) or remove it with one of its codes.
 */
export function AuthenticatorForm({ enabled, onDone }: { enabled: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (enabled) return;
    let live = true;
    apiSend<Setup>(apiPaths.totp, {}).then(
      (s) => {
        if (!live) return;
        setSetup(s);
        void QRCode.toDataURL(s.otpauthUrl, { width: 160, margin: 1, errorCorrectionLevel: 'M' }).then((url) => live && setQr(url));
      },
      (err: unknown) => live && setError(errorText(t, err)),
    );
    return () => {
      live = false;
    };
  }, [enabled, t]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t(code.trim() ? 'error.verification_code_invalid' : 'validation.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await apiSend(enabled ? apiPaths.totpDisable : apiPaths.totpEnable, { code: code.trim() });
      onDone();
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form security-form" onSubmit={submit} noValidate data-testid="authenticator-form">
      {enabled ? (
        <p className="form-hint">{t('security.authenticator.removeHint')}</p>
      ) : (
        <>
          <p className="form-hint">{t('security.authenticator.scanHint')}</p>
          {qr ? <img src={qr} width={160} height={160} alt={t('security.authenticator.qrAlt')} data-testid="authenticator-qr" /> : null}
          {setup ? (
            <p className="form-hint">
              {t('security.authenticator.secret')} <code data-testid="authenticator-secret">{setup.secret}</code>
            </p>
          ) : null}
        </>
      )}
      <TextField
        name="authenticatorCode"
        label={t('auth.secondStep.appCode')}
        value={code}
        onValue={setCode}
        error={error}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
      />
      <Button type="submit" variant="primary" busy={busy} data-testid="authenticator-submit">
        {enabled ? t('security.authenticator.remove') : t('security.authenticator.enable')}
      </Button>
    </form>
  );
}
