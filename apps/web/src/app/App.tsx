import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { GlobalDialogProvider } from '../ui/GlobalDialog.tsx';
import { Loader } from '../ui/Loader.tsx';
import { type BootResult, boot } from './boot.ts';
import { lazyComponent } from './lazy-page.ts';
import { type Platform, PlatformContext, platformOf } from './providers/platform-context.ts';
import { UiStoreProvider } from './providers/ui-store.tsx';
import { createAppRouter } from './router.tsx';
import { BootFailure } from './shell/BootFailure.tsx';

const MaintenancePage = lazy(
  lazyComponent(
    'system',
    () => import('../features/system/MaintenancePage.tsx'),
    (m) => m.MaintenancePage,
  ),
);
const RestrictedPage = lazy(
  lazyComponent(
    'system',
    () => import('../features/system/RestrictedPage.tsx'),
    (m) => m.RestrictedPage,
  ),
);

function Site({ platform }: { platform: Platform }) {
  const { t } = useTranslation();
  const router = useMemo(() => createAppRouter(platform), [platform]);
  const { permission } = platform;
  const labels = { close: t('common.close'), ok: t('common.ok'), info: t('common.information'), warning: t('common.attention') };
  let content = <RouterProvider router={router} />;
  if (permission.maintenance || permission.regionRestriction) {
    content = (
      <Suspense fallback={<Loader overlay label={t('common.loading')} />}>
        {permission.maintenance ? <MaintenancePage /> : <RestrictedPage />}
      </Suspense>
    );
  }
  return (
    <PlatformContext.Provider value={platform}>
      <GlobalDialogProvider labels={labels}>
        <UiStoreProvider>{content}</UiStoreProvider>
      </GlobalDialogProvider>
    </PlatformContext.Provider>
  );
}

/** Starts the app: the global loader until the permission data and the dictionary are in, then the site. */
export function App() {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<BootResult | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger: each new attempt boots again
  useEffect(() => {
    let live = true;
    boot().then((r) => live && setResult(r));
    return () => {
      live = false;
    };
  }, [attempt]);

  const platform = useMemo(() => (result?.phase === 'ready' ? platformOf(result.permission) : null), [result]);

  if (!result) return <Loader overlay label="Loading…" />;
  if (result.phase === 'failed' || !platform) {
    return (
      <BootFailure
        error={result.phase === 'failed' ? result.error : null}
        translated={result.phase === 'failed' && result.i18nReady}
        onRetry={() => {
          setResult(null);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  return <Site platform={platform} />;
}
