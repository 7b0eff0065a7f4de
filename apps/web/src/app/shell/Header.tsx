import { moduleIds } from '@platform/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../api/session.ts';
import { errorText } from '../../i18n/error-text.ts';
import { languageName } from '../../i18n/languages.ts';
import { Button } from '../../ui/Button.tsx';
import { useGlobalDialog } from '../../ui/GlobalDialog.tsx';
import { Img } from '../../ui/Img.tsx';
import { IconMenu, IconMoon, IconPlay, IconSun } from '../../ui/icons.tsx';
import { usePlatform } from '../providers/platform-context.ts';
import { setTheme, useTheme } from '../providers/theme.ts';
import { useUiActions, useUiState } from '../providers/ui-store.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { HeaderBalance } from './HeaderBalance.tsx';
import { useLoginGate } from './use-account.ts';

/**
 * Free play (FREEPLAY3): a trial account without credentials, then member info; modals close. The
 * account code loads on the click, keeping it off the first load.
 */
function useFreePlay(): [boolean, () => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const actions = useUiActions();
  const dialog = useGlobalDialog();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const start = async () => {
    setBusy(true);
    try {
      const api = await import('../../features/auth/auth-api.ts');
      await api.enter(await api.freePlay());
      sessionStorage.removeItem('cpw');
      actions.closeAccountDialogs();
      navigate('/');
    } catch (err) {
      void dialog({ kind: 'warning', message: errorText(t, err) });
    } finally {
      setBusy(false);
    }
  };
  return [busy, start];
}

/** The top bar: brand, theme switch, language and region; logged out login, register and free demo; logged in the account. */
export function Header({ withMenuButton }: { withMenuButton: boolean }) {
  const { t, i18n } = useTranslation();
  const platform = usePlatform();
  const theme = useTheme();
  const ui = useUiState();
  const actions = useUiActions();
  const session = useSession();
  const gate = useLoginGate();
  const [demoBusy, startDemo] = useFreePlay();
  const lang = i18n.language;
  const country = platform.merchant.country.toLowerCase();

  return (
    <header className="header" data-testid="app-header">
      {withMenuButton ? (
        <button
          type="button"
          className="icon-btn header__menu"
          aria-label={t('header.openMenu')}
          aria-expanded={ui.drawerOpen}
          aria-controls="side-menu"
          onClick={() => actions.setDrawer(true)}
        >
          <IconMenu />
        </button>
      ) : null}
      <Link to="/" className="header__brand" aria-label={t('header.home', { brand: platform.brand })}>
        {/* The merchant's own mark (Lion Bet's lion), the platform's crest when it has none. */}
        <Img
          src={`/img/logos/${platform.merchant.merchantCode.toLowerCase()}.svg`}
          fallback="/img/logo.svg"
          width={36}
          height={36}
          alt=""
          loading="eager"
        />
        <span className="header__brand-name">{platform.brand}</span>
      </Link>
      <div className="header__actions">
        <button
          type="button"
          className="icon-btn"
          data-testid="theme-toggle"
          aria-label={theme === 'dark' ? t('header.themeToLight') : t('header.themeToDark')}
          onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
        >
          {theme === 'dark' ? <IconSun /> : <IconMoon />}
        </button>
        <button
          type="button"
          className="header__lang"
          data-testid="language-button"
          aria-label={t('header.language', { language: languageName(lang) })}
          onClick={actions.openRegion}
        >
          <img src={`/flags/${country}.svg`} width={20} height={15} alt="" />
          <span>{lang}</span>
        </button>
        {session ? (
          <>
            <HeaderBalance account={session.account} />
            <Button
              variant="accent"
              className="header__wallet"
              onClick={() => gate(() => actions.openMemberCentre('depositv2'))}
              data-testid="header-deposit"
            >
              {t('account.deposit')}
            </Button>
            <Button
              variant="outline"
              className="header__wallet"
              onClick={() => gate(() => actions.openMemberCentre('withdraw'))}
              data-testid="header-withdraw"
            >
              {t('account.withdraw')}
            </Button>
            <AccountMenu session={session} />
          </>
        ) : (
          <>
            {platform.isOn(moduleIds.freePlay) ? (
              <Button
                variant="ghost"
                className="header__demo"
                icon={<IconPlay size={16} />}
                busy={demoBusy}
                onClick={startDemo}
                data-testid="header-free-demo"
              >
                <span className="header__demo-text">{t('header.freeDemo')}</span>
              </Button>
            ) : null}
            <Button variant="outline" onClick={() => actions.openAuth('login')} data-testid="header-login">
              {t('header.login')}
            </Button>
            {platform.isOn(moduleIds.directRegister) ? (
              <Button variant="primary" onClick={() => actions.openAuth('register')} data-testid="header-register">
                {t('header.register')}
              </Button>
            ) : null}
          </>
        )}
      </div>
    </header>
  );
}
