import { createBrowserRouter, type RouteObject } from 'react-router';
import HomePage from '../features/home/HomePage.tsx';
import { features } from './features.ts';
import { Layout } from './Layout.tsx';
import { RouteError } from './RouteError.tsx';

/** Every screen comes from the feature registry (features.ts); sign-in stands outside the frame. */
const routes: RouteObject[] = [
  { path: '/login', lazy: async () => ({ Component: (await import('../features/auth/SignInPage.tsx')).default }) },
  {
    path: '/',
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      ...features.map((f) => ({ path: f.path, lazy: async () => ({ Component: (await f.page()).default }) })),
      { path: '*', element: <RouteError notFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: '/admin' });
