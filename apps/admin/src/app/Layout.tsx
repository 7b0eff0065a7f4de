import { adminPaths } from '@platform/contract';
import { Loader } from '@platform/ui/Loader.tsx';
import { Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet } from 'react-router';
import { api } from '../api/client.ts';
import { endSession, useSession } from '../api/session.ts';
import { useLoad } from '../api/use-load.ts';
import { features } from './features.ts';
import { useIdleTimeout } from './idle.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import { loadMe, MeContext } from './me.tsx';

function signOut(reason: 'signed_out' | 'idle') {
  api.send(adminPaths.logout, undefined).catch(() => undefined);
  endSession(reason);
}

/** The signed-in frame: the menu of the screens the operator's role allows, who is signed in, sign-out. */
export function Layout() {
  const session = useSession();
  if (session?.step !== 'done') return <Navigate to="/login" replace />;
  return <SignedIn />;
}

function SignedIn() {
  const { t } = useTranslation();
  const me = useLoad(loadMe, []);
  useIdleTimeout(useCallback(() => signOut('idle'), []));
  if (!me.data) return <Loader label={t('app.loading')} />;
  const { operator, permissions } = me.data;
  const allowed = features.filter((f) => permissions.includes(f.permission));
  return (
    <MeContext.Provider value={me.data}>
      <div className="layout">
        <aside className="side">
          <div className="side__brand">{t('app.title')}</div>
          <nav aria-label={t('app.menu')}>
            <NavLink to="/" end className="side__link">
              {t('nav.home')}
            </NavLink>
            {allowed.map((f) => (
              <NavLink key={f.path} to={`/${f.path}`} className="side__link" data-testid={`nav-${f.path}`}>
                {t(f.nav)}
              </NavLink>
            ))}
          </nav>
        </aside>
        <div className="main">
          <header className="top">
            <span className="top__who" data-testid="who">
              {operator.name} · {t(`role.${operator.role}`)}
            </span>
            <LanguagePicker />
            <button type="button" className="btn btn--outline btn--sm" onClick={() => signOut('signed_out')} data-testid="sign-out">
              {t('app.signOut')}
            </button>
          </header>
          <main className="content">
            <Suspense fallback={<Loader label={t('app.loading')} />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
    </MeContext.Provider>
  );
}
