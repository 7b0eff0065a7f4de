import type { SecurityOverview } from '@platform/contract';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { countryName } from '../../api/country-names.ts';
import { useCountryCodes } from '../../api/queries.ts';
import { storeMemberInfo, useSession } from '../../api/session.ts';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { useUiActions } from '../../app/providers/ui-store.tsx';
import { errorText } from '../../i18n/error-text.ts';
import { Button } from '../../ui/Button.tsx';
import { DateText } from '../../ui/DateText.tsx';
import { PhoneField, SendCodeButton, TextField } from '../../ui/form.tsx';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { Loader } from '../../ui/Loader.tsx';
import { AuthenticatorForm } from './AuthenticatorForm.tsx';
import { type Fields, fieldTexts } from './field-texts.ts';
import { bindEmail, bindMobile, loginHistory, securityOverview, sendBindEmail, sendBindSms, setNickname } from './member-api.ts';
import { ResponsibleGamingPage } from './responsible-gaming/ResponsibleGamingPage.tsx';
import { VerificationPanel } from './verification/VerificationPanel.tsx';

function NicknameForm({ current, onDone }: { current: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [nickname, setValue] = useState(current);
  const [errors, setErrors] = useState<Fields>({});
  const [busy, setBusy] = useState(false);
  const session = useSession();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = nickname.trim();
    if (!value) return setErrors({ nickname: t('validation.required') });
    if (value.length > 20) return setErrors({ nickname: t('validation.too_big') });
    setBusy(true);
    try {
      await setNickname(value);
      if (session?.info) storeMemberInfo({ ...session.info, nickname: value });
      onDone();
    } catch (err) {
      setErrors(fieldTexts(t, err, 'nickname'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form security-form" onSubmit={submit} noValidate data-testid="nickname-form">
      <TextField
        name="nickname"
        label={t('security.nickname')}
        value={nickname}
        onValue={setValue}
        error={errors.nickname}
        maxLength={20}
      />
      <Button type="submit" variant="primary" busy={busy}>
        {t('security.save')}
      </Button>
    </form>
  );
}

/** Binds or replaces the mobile number (or email) with a code sent to it; replacing also asks for the password. */
function BindForm({ kind, replacing, onDone }: { kind: 'mobile' | 'email'; replacing: boolean; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const platform = usePlatform();
  const dialog = useGlobalDialog();
  const { data: codes = [] } = useCountryCodes();
  const [country, setCountry] = useState(platform.merchant.country);
  const [target, setTarget] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Fields>({});
  const [busy, setBusy] = useState(false);
  const dial = codes.find((c) => c.countryCode === country)?.countryDialingCode ?? '';
  const targetField = kind === 'mobile' ? 'mobileNum' : 'email';

  const send = async () => {
    if (!target.trim()) {
      setErrors({ [targetField]: t('validation.required') });
      return null;
    }
    setErrors({});
    try {
      const sent = kind === 'mobile' ? await sendBindSms(dial, target) : await sendBindEmail(target.trim());
      return Date.now() + sent.expiredMinutes * 60_000;
    } catch (err) {
      if (err instanceof ApiError && err.fields.length > 0) setErrors(fieldTexts(t, err, targetField));
      else void dialog({ kind: 'warning', message: errorText(t, err) });
      return null;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Fields = {};
    if (!target.trim()) found[targetField] = t('validation.required');
    if (!code.trim()) found.verificationCode = t('validation.required');
    if (replacing && !password) found.password = t('validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const pass = replacing ? password : undefined;
      if (kind === 'mobile')
        await bindMobile({ countryDialingCode: dial, mobileNum: target, verificationCode: code.trim(), password: pass });
      else await bindEmail({ email: target.trim(), verificationCode: code.trim(), password: pass });
      onDone();
    } catch (err) {
      const fallback = err instanceof ApiError && err.code === 'APP_ERR_VERIFICATION_CODE_INVALID' ? 'verificationCode' : targetField;
      setErrors(fieldTexts(t, err, fallback));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form security-form" onSubmit={submit} noValidate data-testid={`bind-${kind}-form`}>
      {kind === 'mobile' ? (
        <PhoneField
          label={t('security.newMobile')}
          codes={codes}
          country={country}
          onDial={(c) => setCountry(c.countryCode)}
          value={target}
          onValue={setTarget}
          error={errors.mobileNum}
          required
          pickerLabel={t('auth.dialCode')}
          countryName={(c) => countryName(i18n.language, c)}
        />
      ) : (
        <TextField
          name="email"
          label={t('security.newEmail')}
          type="email"
          value={target}
          onValue={setTarget}
          error={errors.email}
          required
          autoComplete="email"
        />
      )}
      <TextField
        name="verificationCode"
        label={kind === 'mobile' ? t('auth.smsCode') : t('security.emailCode')}
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
      {replacing ? (
        <TextField
          name="password"
          label={t('security.currentPassword')}
          type="password"
          value={password}
          onValue={setPassword}
          error={errors.password}
          required
          autoComplete="current-password"
        />
      ) : null}
      <Button type="submit" variant="primary" busy={busy} data-testid={`bind-${kind}-submit`}>
        {t('security.confirm')}
      </Button>
    </form>
  );
}

function LoginHistoryTable() {
  const { t } = useTranslation();
  const [history, setHistory] = useState<Awaited<ReturnType<typeof loginHistory>> | null>(null);
  useEffect(() => {
    let live = true;
    loginHistory().then(
      (h) => live && setHistory(h),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!history) return <Loader label={t('common.loading')} />;
  return (
    <section className="security-history" data-testid="login-history">
      <h3>{t('security.loginHistory')}</h3>
      <p data-testid="previous-login">
        {t('security.previousLogin')}: {history.previousLoginAt ? <DateText value={history.previousLoginAt} /> : t('security.never')}
      </p>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('security.time')}</th>
              <th scope="col">{t('security.ip')}</th>
              <th scope="col">{t('security.country')}</th>
              <th scope="col">{t('security.method')}</th>
            </tr>
          </thead>
          <tbody>
            {history.list.map((row) => (
              <tr key={`${row.time}-${row.ip}`}>
                <td>
                  <DateText value={row.time} />
                </td>
                <td>{row.ip}</td>
                <td>{row.country || '—'}</td>
                <td>
                  {(t as unknown as (k: string, o: { defaultValue: string }) => string)(`security.loginType.${row.type}`, {
                    defaultValue: row.type,
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

type Editing = 'nickname' | 'mobile' | 'email' | 'authenticator' | 'responsibleGaming' | 'verification' | null;

/** The security centre: profile, nickname, password, mobile and email bindings, and the login history. */
export function SecurityCentre() {
  const { t } = useTranslation();
  const actions = useUiActions();
  const [overview, setOverview] = useState<SecurityOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` reloads after a change
  useEffect(() => {
    let live = true;
    securityOverview().then(
      (o) => live && setOverview(o),
      (err: unknown) => live && setError(errorText(t, err)),
    );
    return () => {
      live = false;
    };
  }, [version, t]);

  const done = () => {
    setEditing(null);
    setVersion((v) => v + 1);
  };
  const toggle = (what: Editing) => setEditing((e) => (e === what ? null : what));

  if (error) {
    return (
      <p className="form-error" role="alert" data-testid="security-error">
        {error}
      </p>
    );
  }
  if (!overview) return <Loader label={t('common.loading')} />;

  const row = (label: string, value: ReactNode, action?: { text: string; onClick: () => void; testId: string }) => (
    <div className="security-row">
      <dt>{label}</dt>
      <dd>
        <span>{value}</span>
        {action ? (
          <Button variant="outline" size="sm" onClick={action.onClick} data-testid={action.testId}>
            {action.text}
          </Button>
        ) : null}
      </dd>
    </div>
  );

  return (
    <div className="security" data-testid="security-centre">
      <h3>{t('account.securityCentre')}</h3>
      <dl className="security-list">
        {row(t('auth.username'), <strong data-testid="security-account">{overview.account}</strong>)}
        {row(t('security.nickname'), overview.nickname, {
          text: t('security.edit'),
          onClick: () => toggle('nickname'),
          testId: 'edit-nickname',
        })}
        {editing === 'nickname' ? <NicknameForm current={overview.nickname} onDone={done} /> : null}
        {row(
          t('auth.password'),
          overview.passwordChangedAt ? (
            <>
              {t('security.changedAt')} <DateText value={overview.passwordChangedAt} />
            </>
          ) : overview.hasPassword ? (
            t('security.set')
          ) : (
            t('security.notSet')
          ),
          { text: t('auth.changePasswordTitle'), onClick: () => actions.openChangePassword(false), testId: 'change-password' },
        )}
        {row(t('auth.mobile'), <span data-testid="security-mobile">{overview.mobile ?? t('security.notBound')}</span>, {
          text: overview.mobile ? t('security.change') : t('security.bind'),
          onClick: () => toggle('mobile'),
          testId: 'bind-mobile',
        })}
        {editing === 'mobile' ? (
          <BindForm kind="mobile" replacing={overview.mobile !== null && overview.hasPassword} onDone={done} />
        ) : null}
        {row(t('auth.field.email'), <span data-testid="security-email">{overview.email ?? t('security.notBound')}</span>, {
          text: overview.email ? t('security.change') : t('security.bind'),
          onClick: () => toggle('email'),
          testId: 'bind-email',
        })}
        {editing === 'email' ? <BindForm kind="email" replacing={overview.email !== null && overview.hasPassword} onDone={done} /> : null}
        {row(
          t('security.authenticator.title'),
          <span data-testid="security-authenticator">
            {overview.authenticator ? t('security.authenticator.on') : t('security.authenticator.off')}
          </span>,
          {
            text: overview.authenticator ? t('security.authenticator.remove') : t('security.authenticator.setUp'),
            onClick: () => toggle('authenticator'),
            testId: 'edit-authenticator',
          },
        )}
        {editing === 'authenticator' ? <AuthenticatorForm enabled={overview.authenticator} onDone={done} /> : null}
        {row(t('security.lastLogin'), overview.lastLoginAt ? <DateText value={overview.lastLoginAt} /> : t('security.never'))}
        {row(t('rg.title'), null, {
          text: editing === 'responsibleGaming' ? t('common.close') : t('security.edit'),
          onClick: () => toggle('responsibleGaming'),
          testId: 'open-responsible-gaming',
        })}
        {editing === 'responsibleGaming' ? <ResponsibleGamingPage /> : null}
        {row(t('kyc.title'), null, {
          text: editing === 'verification' ? t('common.close') : t('security.edit'),
          onClick: () => toggle('verification'),
          testId: 'open-verification',
        })}
        {editing === 'verification' ? <VerificationPanel /> : null}
      </dl>
      <LoginHistoryTable key={version} />
    </div>
  );
}
