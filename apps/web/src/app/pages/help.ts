// Page group "help" (not among the spec's named groups; kept apart so the home chunk stays small):
// the help centre without chrome (/helpmc) and the help / user agreement page (/help).
export { HelpCentrePage } from '../../features/help/HelpCentrePage.tsx';
export { HelpPage } from '../../features/help/HelpPage.tsx';
