import { type LoginAnswer, moduleIds, type SecondStep } from '@platform/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { startSession } from '../../api/session.ts';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { useUiActions } from '../../app/providers/ui-store.tsx';
import { Button } from '../../ui/Button.tsx';
import { CheckboxField, TextField } from '../../ui/form.tsx';
import { IconPlay } from '../../ui/icons.tsx';
import { Tabs, tabPanelProps } from '../../ui/Tabs.tsx';
import { CaptchaField, FormSubmit, mobileCheck, PhoneInput, SmsCodeField, usePhone } from './AuthFields.tsx';
import { enter, freePlay, loginByPassword, loginBySms, sendSmsCode } from './auth-api.ts';
import { mobileProblem, validateLogin } from './form-rules.ts';
import { rememberedSms, rememberedUser, rememberLogin, rememberSms } from './remember.ts';
import { SecondStepForm } from './SecondStepForm.tsx';
import { rememberPassword } from './typed-password.ts';
import { useAuthForm } from './use-auth-form.ts';
import { useCaptcha } from './use-captcha.ts';

type LoginType = 'username' | 'sms';

/**
 * After a login answer: a first login or an expired password (never for SMS) keeps the session but
 * opens the forced change-password dialog; otherwise member info loads, the popup closes, home.
 */
function useFinishLogin() {
  const actions = useUiActions();
  const navigate = useNavigate();
  return async (answer: LoginAnswer, type: LoginType) => {
    if (type === 'username' && (answer.firstTimeLogin || answer.passwordExpired)) {
      startSession(answer);
      actions.openChangePassword(true);
      return;
    }
    await enter(answer);
    actions.closeAuth();
    navigate('/');
  };
}

function UsernameLogin() {
  const { t } = useTranslation();
  const platform = usePlatform();
  const merchant = platform.merchant.merchantCode;
  const remembered = rememberedUser(merchant);
  const [username, setUsername] = useState(remembered ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered !== null);
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaValue, setCaptchaValue] = useState('');
  const { captcha, refresh, renew } = useCaptcha(captchaShown);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const form = useAuthForm();
  const finish = useFinishLogin();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin({ username, password, captcha: captchaValue }, captchaShown);
    void form.submit(found, async () => {
      try {
        const answer = await loginByPassword(
          username.trim(),
          password,
          captchaShown && captcha ? { captchaId: captcha.captchaId, captcha: captchaValue.trim() } : {},
        );
        rememberLogin(merchant, username.trim(), remember);
        rememberPassword(password);
        await finish(answer, 'username');
      } catch (err) {
        // A new address, when the merchant asks for it: the password was right, a second step follows.
        if (err instanceof ApiError && err.code === 'APP_ERR_AUTH_SECOND_STEP') {
          rememberLogin(merchant, username.trim(), remember);
          rememberPassword(password);
          setSecondStep(err.detail as unknown as SecondStep);
          return;
        }
        // The error's value says when a captcha is needed: show it, or a fresh one (each is judged once).
        if (err instanceof ApiError && err.detail.captchaRequired === true) {
          setCaptchaValue('');
          if (captchaShown) void renew();
          setCaptchaShown(true);
        }
        throw err;
      }
    });
  };

  if (secondStep) {
    return <SecondStepForm step={secondStep} onDone={(answer) => finish(answer, 'username')} onCancel={() => setSecondStep(null)} />;
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="login-username-form">
      <TextField
        name="username"
        label={t('auth.username')}
        value={username}
        onValue={setUsername}
        error={form.text('username')}
        autoComplete="username"
        required
        maxLength={64}
      />
      <TextField
        name="password"
        label={t('auth.password')}
        type="password"
        value={password}
        onValue={setPassword}
        error={form.text('password')}
        autoComplete="current-password"
        required
        maxLength={128}
      />
      {captchaShown ? (
        <CaptchaField value={captchaValue} onValue={setCaptchaValue} error={form.text('captcha')} captcha={captcha} onRefresh={refresh} />
      ) : null}
      <LoginOptions remember={remember} onRemember={setRemember} />
      <FormSubmit form={form} id="login" label={t('auth.loginButton')} />
    </form>
  );
}

function LoginOptions({ remember, onRemember }: { remember: boolean; onRemember: (v: boolean) => void }) {
  const { t } = useTranslation();
  const actions = useUiActions();
  return (
    <div className="auth-options">
      <CheckboxField name="remember" checked={remember} onChecked={onRemember}>
        {t('auth.rememberPassword')}
      </CheckboxField>
      <button type="button" className="link-btn" onClick={actions.openForgot} data-testid="forgot-link">
        {t('auth.forgotPassword')}
      </button>
    </div>
  );
}

function SmsLogin() {
  const { t } = useTranslation();
  const platform = usePlatform();
  const remembered = rememberedSms();
  const phone = usePhone(remembered ?? undefined);
  const [code, setCode] = useState('');
  const form = useAuthForm({ mobileNum: 'mobileNum', code: 'verificationCode' });
  const finish = useFinishLogin();
  const rules = platform.info.registerRules;

  const checkMobile = mobileCheck(form, rules, phone);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, { key: string }> = {};
    const mobile = mobileProblem(rules, phone.mobile);
    if (mobile) found.mobileNum = mobile;
    if (!code.trim()) found.verificationCode = { key: 'validation.required' };
    void form.submit(found, async () => {
      const answer = await loginBySms(phone.dial, phone.mobile, code.trim());
      rememberSms({ mobileNum: phone.mobile, countryDialingCode: phone.dial });
      await finish(answer, 'sms');
    });
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="login-sms-form">
      <PhoneInput phone={phone} error={form.text('mobileNum')} />
      <SmsCodeField
        value={code}
        onValue={setCode}
        error={form.text('verificationCode')}
        check={checkMobile}
        send={() => sendSmsCode('nologin', phone.dial, phone.mobile)}
      />
      <FormSubmit form={form} id="login" label={t('auth.loginButton')} />
    </form>
  );
}

/** The login panel: username and SMS tabs (SMS when MOBILEVERCODELOGIN3), merchant switcher, free trial. */
export function LoginForm() {
  const { t } = useTranslation();
  const platform = usePlatform();
  const actions = useUiActions();
  const navigate = useNavigate();
  const smsOn = platform.isOn(moduleIds.mobileCodeLogin);
  const [type, setType] = useState<LoginType>('username');
  const [trialBusy, setTrialBusy] = useState(false);
  const [trialError, setTrialError] = useState<unknown>(null);
  const form = useAuthForm();
  const current = smsOn ? type : 'username';

  const trial = async () => {
    setTrialBusy(true);
    setTrialError(null);
    try {
      await enter(await freePlay());
      sessionStorage.removeItem('cpw');
      actions.closeAccountDialogs();
      navigate('/');
    } catch (err) {
      setTrialError(err);
      form.fail(err);
    } finally {
      setTrialBusy(false);
    }
  };

  return (
    <div className="auth-login">
      {smsOn ? (
        <Tabs
          items={[
            { id: 'username', label: t('auth.byUsername') },
            { id: 'sms', label: t('auth.bySms') },
          ]}
          value={current}
          onChange={(id) => setType(id as LoginType)}
          label={t('auth.loginType')}
          idPrefix="login-type"
          className="tabs--sub"
        />
      ) : null}
      <div {...(smsOn ? tabPanelProps('login-type', current) : {})}>{current === 'sms' ? <SmsLogin /> : <UsernameLogin />}</div>
      <div className="auth-extra">
        <button type="button" className="link-btn auth-region" onClick={actions.openRegion} data-testid="login-region">
          <img src={`/flags/${platform.merchant.country.toLowerCase()}.svg`} width={20} height={15} alt="" />
          {t('auth.switchRegion', { region: platform.merchant.countryName })}
        </button>
        {platform.isOn(moduleIds.freePlay) ? (
          <Button variant="ghost" icon={<IconPlay size={16} />} busy={trialBusy} onClick={trial} data-testid="free-trial">
            {t('auth.freeTrial')}
          </Button>
        ) : null}
      </div>
      {trialError && form.general ? (
        <p className="form-error" role="alert">
          {form.general}
        </p>
      ) : null}
    </div>
  );
}
