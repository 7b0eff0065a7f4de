import { moduleIds } from '@platform/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { useUiActions } from '../../app/providers/ui-store.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/form.tsx';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { Tabs, tabPanelProps } from '../../ui/Tabs.tsx';
import { ServiceLink } from './AuthDialog.tsx';
import { FormSubmit, mobileCheck, NewPasswordFields, PhoneInput, SmsCodeField, usePhone } from './AuthFields.tsx';
import { enter, forgotByEmail, forgotByPhone, sendSmsCode } from './auth-api.ts';
import { emailProblem, mobileProblem, newPasswordProblems, type Problems } from './form-rules.ts';
import { useAuthForm } from './use-auth-form.ts';
import './auth.css';

function ByEmail({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const dialog = useGlobalDialog();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const form = useAuthForm();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {};
    if (!username.trim()) found.username = { key: 'validation.required' };
    const mail = emailProblem(email);
    if (mail) found.email = mail;
    void form.submit(found, async () => {
      await forgotByEmail(username.trim(), email.trim());
      await dialog({ kind: 'info', title: t('auth.forgotSentTitle'), message: t('auth.forgotSent'), confirmText: t('common.ok') });
      onDone();
    });
  };
  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="forgot-email-form">
      <TextField
        name="username"
        label={t('auth.username')}
        value={username}
        onValue={setUsername}
        error={form.text('username')}
        required
        autoComplete="username"
      />
      <TextField
        name="email"
        label={t('auth.field.email')}
        type="email"
        value={email}
        onValue={setEmail}
        error={form.text('email')}
        required
        autoComplete="email"
      />
      <FormSubmit form={form} id="forgot" label={t('auth.forgotSend')} />
    </form>
  );
}

function ByPhone({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const navigate = useNavigate();
  const phone = usePhone();
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useAuthForm();
  const rules = platform.info.registerRules;
  const checkMobile = mobileCheck(form, rules, phone);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = newPasswordProblems(rules, newPassword, confirm);
    const mobile = mobileProblem(rules, phone.mobile);
    if (mobile) found.mobileNum = mobile;
    if (!code.trim()) found.verificationCode = { key: 'validation.required' };
    void form.submit(found, async () => {
      const answer = await forgotByPhone({
        countryDialingCode: phone.dial,
        mobileNum: phone.mobile,
        verificationCode: code.trim(),
        newPassword,
        confirmNewPassword: confirm,
      });
      await enter(answer);
      onDone();
      navigate('/');
    });
  };
  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="forgot-phone-form">
      <PhoneInput phone={phone} error={form.text('mobileNum')} />
      <SmsCodeField
        value={code}
        onValue={setCode}
        error={form.text('verificationCode')}
        check={checkMobile}
        send={() => sendSmsCode('nologin', phone.dial, phone.mobile)}
      />
      <NewPasswordFields form={form} password={newPassword} onPassword={setNewPassword} confirm={confirm} onConfirm={setConfirm} />
      <FormSubmit form={form} id="forgot" label={t('auth.resetAndLogin')} />
    </form>
  );
}

/** Forgot password: by email always, by phone only with CHNGPASSVERIF3; a customer-service button. */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const actions = useUiActions();
  const phoneOn = platform.isOn(moduleIds.changePasswordVerify);
  const [method, setMethod] = useState<'email' | 'phone'>('email');
  const current = phoneOn ? method : 'email';
  return (
    <Dialog open={open} onClose={onClose} title={t('auth.forgotTitle')} closeLabel={t('common.close')} testId="forgot-dialog" size="sm">
      {phoneOn ? (
        <Tabs
          items={[
            { id: 'email', label: t('auth.byEmail') },
            { id: 'phone', label: t('auth.byPhone') },
          ]}
          value={current}
          onChange={(id) => setMethod(id as 'email' | 'phone')}
          label={t('auth.forgotMethod')}
          idPrefix="forgot"
          className="tabs--sub"
        />
      ) : null}
      <div {...(phoneOn ? tabPanelProps('forgot', current) : {})} className="auth-panel">
        {current === 'phone' ? <ByPhone onDone={actions.closeAccountDialogs} /> : <ByEmail onDone={onClose} />}
      </div>
      <p className="auth-switch">
        <button
          type="button"
          className="link-btn"
          onClick={() => {
            onClose();
            actions.openAuth('login');
          }}
        >
          {t('auth.backToLogin')}
        </button>
      </p>
      <ServiceLink />
    </Dialog>
  );
}
