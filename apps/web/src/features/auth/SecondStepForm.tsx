import type { LoginAnswer, SecondStep } from '@platform/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/form.tsx';
import { Tabs, tabPanelProps } from '../../ui/Tabs.tsx';
import { FormSubmit, SmsCodeField } from './AuthFields.tsx';
import { completeSecondStep, sendSecondStepCode } from './auth-api.ts';
import { useAuthForm } from './use-auth-form.ts';

type Method = SecondStep['methods'][number];

/**
 * The second step of a login from an address the member never used (switch LOGIN2FA3): a code sent
 * to the bound mobile or e-mail, or the authenticator app's code.
 */
export function SecondStepForm({
  step,
  onDone,
  onCancel,
}: {
  step: SecondStep;
  onDone: (answer: LoginAnswer) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<Method>(step.methods[0] ?? 'sms');
  const [code, setCode] = useState('');
  const form = useAuthForm({ code: 'code' });
  const where = method === 'sms' ? step.mobile : method === 'email' ? step.email : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, { key: string }> = {};
    if (!/^\d{6}$/.test(code.trim())) found.code = { key: code.trim() ? 'error.verification_code_invalid' : 'validation.required' };
    void form.submit(found, async () => onDone(await completeSecondStep(step.challengeId, method, code.trim())));
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="second-step-form">
      <p className="form-hint">{t('auth.secondStep.why')}</p>
      {step.methods.length > 1 ? (
        <Tabs
          items={step.methods.map((m) => ({ id: m, label: t(`auth.secondStep.${m}`) }))}
          value={method}
          onChange={(id) => {
            setMethod(id as Method);
            setCode('');
          }}
          label={t('auth.secondStep.title')}
          idPrefix="second-step"
          className="tabs--sub"
        />
      ) : null}
      <div {...(step.methods.length > 1 ? tabPanelProps('second-step', method) : {})}>
        {where ? <p className="form-hint">{t('auth.secondStep.sentTo', { to: where })}</p> : null}
        {method === 'totp' ? (
          <TextField
            name="code"
            label={t('auth.secondStep.appCode')}
            value={code}
            onValue={setCode}
            error={form.text('code')}
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
        ) : (
          <SmsCodeField
            name="code"
            value={code}
            onValue={setCode}
            error={form.text('code')}
            check={() => true}
            send={() => sendSecondStepCode(step.challengeId, method)}
          />
        )}
      </div>
      <FormSubmit form={form} id="second-step" label={t('auth.loginButton')} />
      <button type="button" className="link-btn" onClick={onCancel}>
        {t('auth.secondStep.back')}
      </button>
    </form>
  );
}
