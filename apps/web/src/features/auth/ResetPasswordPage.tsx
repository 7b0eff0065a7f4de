import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { useUiActions } from '../../app/providers/ui-store.tsx';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { FormSubmit, NewPasswordFields } from './AuthFields.tsx';
import { resetPassword } from './auth-api.ts';
import { newPasswordProblems } from './form-rules.ts';
import { useAuthForm } from './use-auth-form.ts';
import './auth.css';

/** /resetPassword?token=: the emailed link's page; a new password, then the login popup. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const platform = usePlatform();
  const actions = useUiActions();
  const navigate = useNavigate();
  const dialog = useGlobalDialog();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useAuthForm();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(newPasswordProblems(platform.info.registerRules, newPassword, confirm), async () => {
      await resetPassword({ token, newPassword, confirmNewPassword: confirm });
      await dialog({ kind: 'info', message: t('auth.passwordChanged') });
      navigate('/', { replace: true });
      actions.openAuth('login');
    });
  };

  return (
    <div className="page page--reset" data-testid="page-reset-password">
      <section className="reset-page">
        <h1>{t('auth.resetTitle')}</h1>
        {token ? (
          <form className="form" onSubmit={onSubmit} noValidate data-testid="reset-form">
            <NewPasswordFields form={form} password={newPassword} onPassword={setNewPassword} confirm={confirm} onConfirm={setConfirm} />
            <FormSubmit form={form} id="reset" label={t('auth.changePasswordButton')} />
          </form>
        ) : (
          <p className="form-error" role="alert">
            {t('error.reset_link_invalid')}
          </p>
        )}
      </section>
    </div>
  );
}
