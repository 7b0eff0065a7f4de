import type { LoginAnswer, SecondStep } from '@platform/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { isAgentAccount, startSession, useSession } from '../../api/session.ts';
import { useUiActions } from '../../app/providers/ui-store.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/form.tsx';
import { CaptchaField, FormSubmit } from '../auth/AuthFields.tsx';
import { enter, loginByPassword } from '../auth/auth-api.ts';
import { validateLogin } from '../auth/form-rules.ts';
import { SecondStepForm } from '../auth/SecondStepForm.tsx';
import { rememberPassword } from '../auth/typed-password.ts';
import { useAuthForm } from '../auth/use-auth-form.ts';
import { useCaptcha } from '../auth/use-captcha.ts';
import '../auth/auth.css';
import './agent.css';

/**
 * /agent: the agents' entrance. Signed in as an agent, it opens the agent centre; signed in as
 * anyone else, it says that only agents enter (the centre's API refuses them as well); signed out,
 * it is the agent login, which the server passes only for agents (error_not_agent).
 */
export function AgentEntrancePage() {
  const { t } = useTranslation();
  const session = useSession();
  const actions = useUiActions();
  const agent = isAgentAccount(session);
  // Opens the centre once per visit of /agent with an agent's session, once its member info is in
  // (not while a first login's forced password change holds the session).
  const entered = agent && Boolean(session?.info);
  useEffect(() => {
    if (entered) actions.openAgentCentre();
  }, [entered, actions]);

  return (
    <div className="agent-entrance" data-testid="agent-entrance">
      <section className="agent-entrance__card">
        <h1>{t('agent.entrance.title')}</h1>
        {agent ? (
          <>
            <p>{t('agent.entrance.welcome', { account: session?.account ?? '' })}</p>
            <Button variant="primary" onClick={() => actions.openAgentCentre()} data-testid="agent-entrance-open">
              {t('agent.title')}
            </Button>
          </>
        ) : session ? (
          <>
            <p className="form-error" role="alert" data-testid="agent-entrance-refused">
              {t('agent.entrance.notAgent')}
            </p>
            <Link className="btn btn--outline btn--md" to="/">
              {t('common.backHome')}
            </Link>
          </>
        ) : (
          <>
            <p className="money-muted">{t('agent.entrance.hint')}</p>
            <AgentLoginForm onEntered={() => actions.openAgentCentre()} />
          </>
        )}
      </section>
    </div>
  );
}

function AgentLoginForm({ onEntered }: { onEntered: () => void }) {
  const { t } = useTranslation();
  const actions = useUiActions();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaValue, setCaptchaValue] = useState('');
  const { captcha, refresh, renew } = useCaptcha(captchaShown);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const form = useAuthForm();

  // A first login or an expired password keeps the session and asks for a new password first.
  const finish = async (answer: LoginAnswer) => {
    if (answer.firstTimeLogin || answer.passwordExpired) {
      startSession(answer);
      actions.openChangePassword(true);
      return;
    }
    await enter(answer);
    onEntered();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin({ username, password, captcha: captchaValue }, captchaShown);
    void form.submit(found, async () => {
      try {
        const challenge = captchaShown && captcha ? { captchaId: captcha.captchaId, captcha: captchaValue.trim() } : {};
        const answer = await loginByPassword(username.trim(), password, challenge, 'agent');
        // The forced change after a first login does not ask again for the password just typed.
        rememberPassword(password);
        await finish(answer);
      } catch (err) {
        if (err instanceof ApiError && err.code === 'APP_ERR_AUTH_SECOND_STEP') {
          rememberPassword(password);
          setSecondStep(err.detail as unknown as SecondStep);
          return;
        }
        if (err instanceof ApiError && err.detail.captchaRequired === true) {
          setCaptchaValue('');
          if (captchaShown) void renew();
          setCaptchaShown(true);
        }
        throw err;
      }
    });
  };

  if (secondStep) return <SecondStepForm step={secondStep} onDone={finish} onCancel={() => setSecondStep(null)} />;
  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="agent-login-form">
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
      <FormSubmit form={form} id="agent-login" label={t('auth.loginButton')} />
    </form>
  );
}
