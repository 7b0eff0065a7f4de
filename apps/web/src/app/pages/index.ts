// Page group "index": the home page (also under /login and /register) and the not-found screen.
export { HomePage } from '../../features/home/HomePage.tsx';
export { NotFoundPage } from '../../features/system/NotFoundPage.tsx';
