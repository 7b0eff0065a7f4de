import '@platform/ui/tokens.css';
import '@platform/ui/base.css';
import '@platform/ui/ui.css';
import './app/admin.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import { initialLanguage, startI18n } from './i18n/index.ts';

await startI18n(initialLanguage());
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
