import { moduleIds } from '@platform/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { languageName } from '../../i18n/languages.ts';
import { Button } from '../../ui/Button.tsx';
import { IconMenu, IconMoon, IconPlay, IconSun } from '../../ui/icons.tsx';
import { usePlatform } from '../providers/platform-context.ts';
import { setTheme, useTheme } from '../providers/theme.ts';
import { useUiActions, useUiState } from '../providers/ui-store.tsx';

/** The top bar, logged-out form: brand, theme switch, language and region, free demo, login, register. */
export function Header({ withMenuButton }: { withMenuButton: boolean }) {
  const { t, i18n } = useTranslation();
  const platform = usePlatform();
  const theme = useTheme();
  const ui = useUiState();
  const actions = useUiActions();
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
        <img src="/img/logo.svg" width={36} height={36} alt="" />
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
        {platform.isOn(moduleIds.freePlay) ? (
          <Button variant="ghost" className="header__demo" icon={<IconPlay size={16} />} onClick={() => actions.openAuth('login')}>
            <span className="header__demo-text">{t('header.freeDemo')}</span>
          </Button>
        ) : null}
        <Button variant="outline" onClick={() => actions.openAuth('login')}>
          {t('header.login')}
        </Button>
        {platform.isOn(moduleIds.directRegister) ? (
          <Button variant="primary" onClick={() => actions.openAuth('register')}>
            {t('header.register')}
          </Button>
        ) : null}
      </div>
    </header>
  );
}
