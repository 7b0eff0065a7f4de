import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { useUiActions } from '../../app/providers/ui-store.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/form.tsx';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
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
            <TextField
              name="newPassword"
              label={t('auth.newPassword')}
              type="password"
              value={newPassword}
              onValue={setNewPassword}
              error={form.text('newPassword')}
              required
              autoComplete="new-password"
            />
            <TextField
              name="confirmNewPassword"
              label={t('auth.confirmNewPassword')}
              type="password"
              value={confirm}
              onValue={setConfirm}
              error={form.text('confirmNewPassword')}
              required
              autoComplete="new-password"
            />
            {form.general ? (
              <p className="form-error" role="alert" data-testid="reset-error">
                {form.general}
              </p>
            ) : null}
            <Button type="submit" variant="primary" size="lg" busy={form.busy} data-testid="reset-submit">
              {t('auth.changePasswordButton')}
            </Button>
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
