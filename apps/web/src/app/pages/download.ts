// Page group "download": the app download page.
export { DownloadPage } from '../../features/download/DownloadPage.tsx';
