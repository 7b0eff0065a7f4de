// Page group "verify" (not among the spec's named groups): the provably fair verify page.
export { VerifyPage } from '../../features/verify/VerifyPage.tsx';
