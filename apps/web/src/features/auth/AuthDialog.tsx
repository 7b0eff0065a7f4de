import { useTranslation } from 'react-i18next';
import type { AuthTab } from '../../app/providers/ui-store.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { IconUser } from '../../ui/icons.tsx';
import { Tabs, tabPanelProps } from '../../ui/Tabs.tsx';

/**
 * The login / register dialog. Player accounts are not built yet, so both tabs say so plainly
 * instead of showing a form that cannot work; the accounts feature replaces the panels.
 */
export function AuthDialog({ tab, onTab, onClose }: { tab: AuthTab | null; onTab: (tab: AuthTab) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const current = tab ?? 'login';
  return (
    <Dialog
      open={tab !== null}
      onClose={onClose}
      title={current === 'register' ? t('auth.createAccount') : t('auth.loginTab')}
      closeLabel={t('common.close')}
      testId="auth-dialog"
      size="sm"
    >
      <Tabs
        items={[
          { id: 'login', label: t('auth.loginTab') },
          { id: 'register', label: t('auth.registerTab') },
        ]}
        value={current}
        onChange={(id) => onTab(id as AuthTab)}
        label={t('auth.tabs')}
        idPrefix="auth"
      />
      <div {...tabPanelProps('auth', current)} className="auth-panel" data-tab={current}>
        <span className="auth-panel__icon">
          <IconUser size={32} />
        </span>
        <p className="auth-panel__title">{t('auth.unavailable')}</p>
        <p className="auth-panel__text">{t('auth.unavailableText')}</p>
      </div>
    </Dialog>
  );
}
