import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../app/providers/platform-context.ts';
import { IconHeadset } from '../../ui/icons.tsx';
import './system.css';

/** A full-screen notice shown instead of the site (maintenance, restriction) with a contact button. */
export function StatusScreen({ testId, icon, title, children }: { testId: string; icon: ReactNode; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const platform = usePlatform();
  const service = platform.info.customerService[0];
  return (
    <main className="status-screen" data-testid={testId}>
      <div className="status-screen__card">
        <img src="/img/logo.svg" width={56} height={56} alt="" />
        <p className="status-screen__brand">{platform.brand}</p>
        <span className="status-screen__icon">{icon}</span>
        <h1>{title}</h1>
        {children}
        {service ? (
          <a
            className="btn btn--primary btn--lg"
            href={service.url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="contact-service"
          >
            <IconHeadset size={18} /> {t('common.contactService')}
            <span className="sr-only"> {t('common.newTab')}</span>
          </a>
        ) : null}
      </div>
    </main>
  );
}
