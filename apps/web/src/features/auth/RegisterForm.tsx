import { moduleIds, type RegisterBody } from '@platform/contract';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { useUiActions } from '../../app/providers/ui-store.tsx';
import { problemText } from '../../i18n/problem-text.ts';
import { Button } from '../../ui/Button.tsx';
import { CheckboxField, TextField } from '../../ui/form.tsx';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { Tabs, tabPanelProps } from '../../ui/Tabs.tsx';
import { CaptchaField, mobileCheck, PhoneInput, SmsCodeField, usePhone } from './AuthFields.tsx';
import { checkAffiliate, enter, register, sendSmsCode } from './auth-api.ts';
import { type FormField, type RegisterMode, registerFields, validateRegister } from './form-rules.ts';
import { emptyMarketValues, MarketFields, type MarketValues, marketBody, marketProblems } from './MarketFields.tsx';
import { useAuthForm } from './use-auth-form.ts';
import { useCaptcha } from './use-captcha.ts';

/** Input attributes per field kind. */
function inputProps(field: FormField) {
  if (field.key === 'password' || field.key === 'confirmPassword' || field.key === 'paymentPassword') {
    return { type: 'password', autoComplete: 'new-password' } as const;
  }
  if (field.key === 'email') return { type: 'email', autoComplete: 'email' } as const;
  if (field.key === 'username') return { autoComplete: 'username' } as const;
  if (field.rule.type === 'tel') return { type: 'tel', inputMode: 'numeric' } as const;
  return {};
}

/**
 * The link's referral code (query referralCode), checked on the server once: valid, it goes with
 * the registration and the affiliate field hides; absent, the field shows; invalid, the field shows
 * holding it, so that registering with it gets the invitation_code_error warning.
 */
function useReferral(): { code: string | null; valid: boolean; invalid: boolean } {
  const [params] = useSearchParams();
  const code = params.get('referralCode')?.trim() || null;
  const [state, setState] = useState<'valid' | 'invalid' | null>(null);
  useEffect(() => {
    if (!code) return;
    let live = true;
    checkAffiliate(code, window.location.hostname).then(
      () => live && setState('valid'),
      () => live && setState('invalid'),
    );
    return () => {
      live = false;
    };
  }, [code]);
  return { code, valid: state === 'valid', invalid: state === 'invalid' };
}

/**
 * The registration form, as a modal tab or as the /register page: username or mobile mode (tabs
 * when mobile registration is on), the fields the merchant's rules enable, each judged in the
 * browser by the contract's pattern functions before the server judges them again.
 */
export function RegisterForm({ variant }: { variant: 'modal' | 'page' }) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const actions = useUiActions();
  const navigate = useNavigate();
  const dialog = useGlobalDialog();
  const usernameOn = platform.isOn(moduleIds.usernameRegister);
  const mobileOn = platform.isOn(moduleIds.mobileRegister);
  const [mode, setMode] = useState<RegisterMode>(usernameOn || !mobileOn ? 'username' : 'mobile');
  const referral = useReferral();
  const mobileVerify = platform.isOn(moduleIds.mobileRegisterVerify);
  const mobilePassword = platform.isOn(moduleIds.mobileRegisterPassword);
  const rules = platform.info.registerRules;
  const fields = useMemo(
    () => registerFields(rules, mode, { mobileVerify, mobilePassword }, referral.valid),
    [rules, mode, mobileVerify, mobilePassword, referral.valid],
  );
  const [values, setValues] = useState<Record<string, string>>({});
  useEffect(() => {
    const code = referral.code;
    if (referral.invalid && code) setValues((v) => ({ affiliateCode: code, ...v }));
  }, [referral.invalid, referral.code]);
  const [agreed, setAgreed] = useState(false);
  // What the market asks at registration (Brazil: CPF, date of birth, loss and time limits).
  const market = platform.info.market;
  const [marketValues, setMarketValues] = useState<MarketValues>(emptyMarketValues);
  const phone = usePhone();
  const hasCaptcha = fields.some((f) => f.key === 'captcha');
  const { captcha, refresh, renew } = useCaptcha(hasCaptcha);
  const form = useAuthForm();

  const set = (key: string) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const reset = () => {
    setValues({});
    setMarketValues(emptyMarketValues);
    setAgreed(false);
    phone.setMobile('');
    form.setProblems({});
    form.setGeneral(null);
    void renew();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const all: Record<string, string> = { ...values, mobileNum: phone.mobile };
    const found = { ...validateRegister(fields, all, agreed), ...marketProblems(market, marketValues) };
    void form.submit(found, async () => {
      const body: RegisterBody = {
        // Passwords go as typed; every other field trimmed, as the browser judged it.
        ...Object.fromEntries(fields.map((f) => [f.key, f.rule.type === 'password' ? all[f.key] : all[f.key]?.trim()])),
        countryDialingCode: fields.some((f) => f.key === 'mobileNum') ? phone.dial : undefined,
        referralCode: referral.valid && referral.code ? referral.code : undefined,
        domain: window.location.hostname,
        registerUrl: window.location.href,
        registerMethod: 'WEB',
        login: true,
        agreeTerms: agreed,
        captchaId: hasCaptcha ? captcha?.captchaId : undefined,
        ...marketBody(market, marketValues),
      };
      if (mode === 'mobile') body.username = undefined;
      try {
        const answer = await register(mode, body);
        await enter(answer);
        actions.closeAuth();
        navigate('/');
        if (mode === 'mobile') {
          await dialog({
            kind: 'info',
            title: t('auth.registered'),
            message: t('auth.mobileAccountMessage', { account: answer.userName }),
          });
        }
        actions.openRegisterSuccess({ account: answer.userName, mobile: mode === 'mobile' });
      } catch (err) {
        // A captcha is judged once: the next try needs a new one.
        if (hasCaptcha) {
          set('captcha')('');
          void renew();
        }
        if (err instanceof ApiError && err.code === 'APP_ERR_AUTH_INVITATION_CODE_INVALID') {
          // Spec: a warning popup, and registration stops.
          await dialog({ kind: 'warning', message: t('error.invitation_code_error') });
        }
        throw err;
      }
    });
  };

  const checkMobile = mobileCheck(form, rules, phone);

  const renderField = (field: FormField) => {
    if (field.key === 'mobileNum') return <PhoneInput key="mobileNum" phone={phone} error={form.text('mobileNum')} />;
    if (field.key === 'verificationCode') {
      return (
        <SmsCodeField
          key="verificationCode"
          value={values.verificationCode ?? ''}
          onValue={set('verificationCode')}
          error={form.text('verificationCode')}
          check={checkMobile}
          send={() => sendSmsCode('register', phone.dial, phone.mobile)}
        />
      );
    }
    if (field.key === 'captcha') {
      return (
        <CaptchaField
          key="captcha"
          value={values.captcha ?? ''}
          onValue={set('captcha')}
          error={form.text('captcha')}
          captcha={captcha}
          onRefresh={refresh}
        />
      );
    }
    const label = (t as unknown as (k: string) => string)(`auth.field.${field.key}`);
    return (
      <TextField
        key={field.key}
        name={field.key}
        label={label}
        value={values[field.key] ?? ''}
        onValue={set(field.key)}
        error={form.text(field.key)}
        required={field.required}
        maxLength={field.rule.maxLength > 0 ? field.rule.maxLength : 255}
        {...inputProps(field)}
      />
    );
  };

  return (
    <div className={`auth-register auth-register--${variant}`}>
      {usernameOn && mobileOn ? (
        <Tabs
          items={[
            { id: 'username', label: t('auth.byUsername') },
            { id: 'mobile', label: t('auth.byMobile') },
          ]}
          value={mode}
          onChange={(id) => {
            setMode(id as RegisterMode);
            form.setProblems({});
            form.setGeneral(null);
          }}
          label={t('auth.registerMode')}
          idPrefix={`register-mode-${variant}`}
          className="tabs--sub"
        />
      ) : null}
      <form
        className="form"
        onSubmit={onSubmit}
        noValidate
        data-testid="register-form"
        data-mode={mode}
        {...(usernameOn && mobileOn ? tabPanelProps(`register-mode-${variant}`, mode) : {})}
      >
        {fields.filter((f) => f.key !== 'captcha').map(renderField)}
        <MarketFields
          market={market}
          currency={platform.merchant.currency}
          values={marketValues}
          onValues={setMarketValues}
          error={form.text}
        />
        {fields.filter((f) => f.key === 'captcha').map(renderField)}
        <CheckboxField name="agreeTerms" checked={agreed} onChecked={setAgreed} error={problemText(t, form.problems.agreeTerms)}>
          {t('auth.agreeBefore')}{' '}
          <Link to="/help" onClick={() => actions.closeAuth()}>
            {t('auth.agreeLink')}
          </Link>
          {t('auth.agreeAfter')}
        </CheckboxField>
        {form.general ? (
          <p className="form-error" role="alert" data-testid="register-error">
            {form.general}
          </p>
        ) : null}
        <div className="auth-actions">
          {variant === 'page' ? (
            <Button variant="outline" size="lg" onClick={reset} data-testid="register-reset">
              {t('auth.reset')}
            </Button>
          ) : null}
          <Button type="submit" variant="primary" size="lg" busy={form.busy} data-testid="register-submit">
            {t('auth.registerButton')}
          </Button>
        </div>
        <p className="auth-switch">
          {t('auth.haveAccount')}{' '}
          <button type="button" className="link-btn" onClick={() => actions.openAuth('login')}>
            {t('auth.loginTab')}
          </button>
        </p>
      </form>
    </div>
  );
}
