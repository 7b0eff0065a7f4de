import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../../api/account.ts';
import { useSession } from '../../api/session.ts';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { useUiActions } from '../../app/providers/ui-store.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/form.tsx';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { FormSubmit, NewPasswordFields } from './AuthFields.tsx';
import { changePassword } from './auth-api.ts';
import { newPasswordProblems } from './form-rules.ts';
import { forgetTypedPassword, typedPassword } from './typed-password.ts';
import { useAuthForm } from './use-auth-form.ts';
import './auth.css';

/**
 * Change password: the account name, the old password (hidden when the stored user info already
 * has it: the one typed at this login, or none for a member who never set one), the new one and its
 * confirmation. `forced` after a first login or an expired password: it cannot be dismissed, only
 * left by signing out. On success the dialog closes and the login popup opens (spec §2).
 */
export function ChangePasswordDialog({ open, forced, onClose }: { open: boolean; forced: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const session = useSession();
  const actions = useUiActions();
  const dialog = useGlobalDialog();
  const known = typedPassword();
  const hasPassword = session?.info?.hasPassword ?? true;
  const askOld = hasPassword && !(forced && known);
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useAuthForm();

  const close = async () => {
    if (forced) {
      forgetTypedPassword();
      await logout();
    }
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = newPasswordProblems(platform.info.registerRules, newPassword, confirm);
    if (askOld && !oldPassword) found.oldPassword = { key: 'validation.required' };
    void form.submit(found, async () => {
      const old = askOld ? oldPassword : hasPassword ? (known ?? undefined) : undefined;
      await changePassword({ oldPassword: old, newPassword, confirmNewPassword: confirm });
      forgetTypedPassword();
      await logout();
      actions.closeAccountDialogs();
      await dialog({ kind: 'info', message: t('auth.passwordChanged') });
      actions.openAuth('login');
    });
  };

  return (
    <Dialog
      open={open}
      onClose={() => void close()}
      title={forced ? t('auth.forcedChangeTitle') : t('auth.changePasswordTitle')}
      closeLabel={forced ? t('account.signOut') : t('common.close')}
      closeOnCover={!forced}
      closeOnEscape={!forced}
      testId="change-password-dialog"
      size="sm"
    >
      <form className="form" onSubmit={onSubmit} noValidate data-testid="change-password-form">
        {forced ? <p className="auth-note">{t('auth.forcedChangeText')}</p> : null}
        <p className="auth-account">
          {t('auth.username')}: <strong data-testid="change-password-account">{session?.account}</strong>
        </p>
        {askOld ? (
          <TextField
            name="oldPassword"
            label={t('auth.oldPassword')}
            type="password"
            value={oldPassword}
            onValue={setOldPassword}
            error={form.text('oldPassword')}
            required
            autoComplete="current-password"
          />
        ) : null}
        <NewPasswordFields form={form} password={newPassword} onPassword={setNewPassword} confirm={confirm} onConfirm={setConfirm} />
        <FormSubmit form={form} id="change-password" label={t('auth.changePasswordButton')} />
      </form>
    </Dialog>
  );
}
