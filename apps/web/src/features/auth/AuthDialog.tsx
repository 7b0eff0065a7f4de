import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../app/providers/platform-context.ts';
import type { AuthTab } from '../../app/providers/ui-store.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { IconHeadset, socialIcon } from '../../ui/icons.tsx';
import { Tabs, tabPanelProps } from '../../ui/Tabs.tsx';
import { LoginForm } from './LoginForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import './auth.css';

/** The merchant's social links, ending with customer service (spec §2). */
export function ServiceLink() {
  const { t } = useTranslation();
  const { socialLinks, customerService } = usePlatform().info;
  const service = customerService[0];
  return (
    <ul className="auth-social" aria-label={t('menu.social')}>
      {socialLinks.map((link) => {
        const Icon = socialIcon(link.type);
        return (
          <li key={link.url}>
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              className="icon-btn"
              aria-label={`${link.name} ${t('common.newTab')}`}
            >
              <Icon size={18} />
            </a>
          </li>
        );
      })}
      {service ? (
        <li>
          <a className="auth-service" href={service.url} target="_blank" rel="noopener noreferrer">
            <IconHeadset size={16} />
            {t('menu.customerService')}
            <span className="sr-only"> {t('common.newTab')}</span>
          </a>
        </li>
      ) : null}
    </ul>
  );
}

/** The login / register popup: two tabs, each its form. */
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
      className="auth-dialog"
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
        {current === 'register' ? <RegisterForm variant="modal" /> : <LoginForm />}
      </div>
      <ServiceLink />
    </Dialog>
  );
}
