import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../app/providers/platform-context.ts';
import type { RegisterSuccessState } from '../../app/providers/ui-store.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { IconGift } from '../../ui/icons.tsx';
import './auth.css';

/** registerSuccessModal: the welcome after a registration, with the account to log in with next time. */
export function RegisterSuccessDialog({ state, onClose }: { state: RegisterSuccessState | null; onClose: () => void }) {
  const { t } = useTranslation();
  const platform = usePlatform();
  return (
    <Dialog
      open={state !== null}
      onClose={onClose}
      title={t('auth.successTitle', { brand: platform.brand })}
      closeLabel={t('common.close')}
      testId="register-success-dialog"
      size="sm"
      footer={
        <Button variant="primary" onClick={onClose} data-autofocus>
          {t('auth.startPlaying')}
        </Button>
      }
    >
      <div className="auth-success">
        <span className="auth-success__icon">
          <IconGift size={32} />
        </span>
        <p>{t('auth.successText')}</p>
        <p>
          {t('auth.yourAccount')}: <strong data-testid="register-success-account">{state?.account}</strong>
        </p>
        {state?.mobile ? <p className="auth-note">{t('auth.successMobileHint')}</p> : null}
      </div>
    </Dialog>
  );
}
