import { adminPaths, type SignIn, type SignInStep } from '@platform/contract';
import { Button } from '@platform/ui/Button.tsx';
import { TextField } from '@platform/ui/form.tsx';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ApiError, api } from '../../api/client.ts';
import { advanceSession, endSession, startSession, takeEndReason, useSession } from '../../api/session.ts';
import { LanguagePicker } from '../../app/LanguagePicker.tsx';
import { messageText } from '../../i18n/index.ts';

type Errors = Record<string, string>;

/** The server's refusal as texts: per field when it names fields, else one line for the form. */
function errorsOf(t: ReturnType<typeof useTranslation>['t'], err: unknown): Errors {
  if (!(err instanceof ApiError)) return { form: t('error.unknown') };
  const errors: Errors = {};
  for (const f of err.fields) errors[f.field] = messageText(t, f.message, f.params) || t('validation.invalid');
  if (Object.keys(errors).length === 0) errors.form = messageText(t, err.message) || t('error.unknown');
  return errors;
}

/**
 * Sign-in in the server's steps: the password, then what the session still needs (a forced change
 * of a first password, setting up the authenticator app with its QR code, or its current code).
 * Each step keeps the same token; the server moves it on.
 */
export default function SignInPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [reason] = useState(takeEndReason);
  if (session?.step === 'done') return <Navigate to="/" replace />;
  return (
    <main className="signin">
      <div className="signin__card">
        <div className="signin__top">
          <h1 className="signin__title">{t('app.title')}</h1>
          <LanguagePicker />
        </div>
        {reason === 'idle' ? (
          <p className="notice" role="status" data-testid="idle-notice">
            {t('signin.idle')}
          </p>
        ) : null}
        {reason === 'expired' ? (
          <p className="notice" role="status">
            {t('signin.expired')}
          </p>
        ) : null}
        {!session ? <PasswordStep /> : <NextStep step={session.step} />}
      </div>
    </main>
  );
}

function NextStep({ step }: { step: SignInStep }) {
  if (step === 'change_password') return <ChangePasswordStep />;
  if (step === 'enrol_totp') return <EnrolStep />;
  return <CodeStep />;
}

function useSubmit<T>(send: () => Promise<T>, done: (value: T) => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      done(await send());
    } catch (err) {
      setErrors(errorsOf(t, err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, errors, setErrors, submit };
}

function FormError({ text }: { text: string | undefined }) {
  return text ? (
    <p className="form-error" role="alert" data-testid="form-error">
      {text}
    </p>
  ) : null;
}

function PasswordStep() {
  const { t } = useTranslation();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const { busy, errors, submit } = useSubmit(() => api.send<SignIn>(adminPaths.login, { account, password }), startSession);
  return (
    <form onSubmit={submit} noValidate>
      <h2 className="signin__step">{t('signin.title')}</h2>
      <TextField
        name="account"
        label={t('signin.account')}
        value={account}
        onValue={setAccount}
        autoComplete="username"
        error={errors.account}
        required
      />
      <TextField
        name="password"
        type="password"
        label={t('signin.password')}
        value={password}
        onValue={setPassword}
        autoComplete="current-password"
        error={errors.password}
        required
      />
      <FormError text={errors.form} />
      <Button type="submit" busy={busy} className="signin__submit" data-testid="signin-submit">
        {t('signin.submit')}
      </Button>
    </form>
  );
}

function ChangePasswordStep() {
  const { t } = useTranslation();
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { busy, errors, setErrors, submit } = useSubmit(
    () => api.send<{ step: SignInStep }>(adminPaths.password, { newPassword }),
    (answer) => advanceSession(answer.step),
  );
  const onSubmit = (event: FormEvent) => {
    if (newPassword !== repeat) {
      event.preventDefault();
      setErrors({ repeat: t('error.confirm_mismatch') });
      return;
    }
    void submit(event);
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <h2 className="signin__step">{t('signin.changeTitle')}</h2>
      <p className="muted">{t('signin.changeHint')}</p>
      <TextField
        name="newPassword"
        type="password"
        label={t('signin.newPassword')}
        value={newPassword}
        onValue={setNewPassword}
        autoComplete="new-password"
        error={errors.newPassword}
        required
      />
      <TextField
        name="repeat"
        type="password"
        label={t('signin.repeatPassword')}
        value={repeat}
        onValue={setRepeat}
        autoComplete="new-password"
        error={errors.repeat}
        required
      />
      <FormError text={errors.form} />
      <Button type="submit" busy={busy} className="signin__submit" data-testid="change-submit">
        {t('signin.changeSubmit')}
      </Button>
      <SignOutLink />
    </form>
  );
}

interface TotpSetup {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

function EnrolStep() {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [setupError, setSetupError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  useEffect(() => {
    let live = true;
    api.send<TotpSetup>(adminPaths.totpSetup, undefined).then(
      (answer) => live && setSetup(answer),
      (err) => live && setSetupError(errorsOf(t, err).form ?? t('error.unknown')),
    );
    return () => {
      live = false;
    };
  }, [t]);
  const { busy, errors, submit } = useSubmit(
    () => api.send<{ step: SignInStep }>(adminPaths.totpEnrol, { code }),
    (answer) => advanceSession(answer.step),
  );
  return (
    <form onSubmit={submit} noValidate>
      <h2 className="signin__step">{t('signin.enrolTitle')}</h2>
      <p className="muted">{t('signin.enrolHint')}</p>
      <FormError text={setupError ?? undefined} />
      {setup ? (
        <div className="enrol">
          {/* The server draws the otpauth URL as a PNG (the qrcode library), so the secret never reaches a third party. */}
          <img src={setup.qrCode} alt={t('signin.qrAlt')} width={200} height={200} className="enrol__qr" data-testid="totp-qr" />
          <p className="enrol__secret">
            {t('signin.secret')} <code data-testid="totp-secret">{setup.secret}</code>
          </p>
        </div>
      ) : null}
      <TextField
        name="code"
        label={t('signin.code')}
        value={code}
        onValue={setCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.code}
        required
      />
      <FormError text={errors.form} />
      <Button type="submit" busy={busy} disabled={!setup} className="signin__submit" data-testid="enrol-submit">
        {t('signin.enrolSubmit')}
      </Button>
      <SignOutLink />
    </form>
  );
}

function CodeStep() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const { busy, errors, submit } = useSubmit(
    () => api.send<{ step: SignInStep }>(adminPaths.totp, { code }),
    (answer) => advanceSession(answer.step),
  );
  return (
    <form onSubmit={submit} noValidate>
      <h2 className="signin__step">{t('signin.codeTitle')}</h2>
      <p className="muted">{t('signin.codeHint')}</p>
      <TextField
        name="code"
        label={t('signin.code')}
        value={code}
        onValue={setCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.code}
        required
      />
      <FormError text={errors.form} />
      <Button type="submit" busy={busy} className="signin__submit" data-testid="code-submit">
        {t('signin.codeSubmit')}
      </Button>
      <SignOutLink />
    </form>
  );
}

/** Abandons a sign-in under way (the token is ended on the server too). */
function SignOutLink() {
  const { t } = useTranslation();
  const leave = () => {
    api.send(adminPaths.logout, undefined).catch(() => undefined);
    endSession();
  };
  return (
    <button type="button" className="link-button" onClick={leave}>
      {t('signin.startOver')}
    </button>
  );
}
