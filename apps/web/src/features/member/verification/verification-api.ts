import { type DocumentKind, verificationPaths as paths, type Verification, type VerificationDocument } from '@platform/contract';
import { apiGetAt, apiSend, apiUpload } from '../../../api/client.ts';

export const myVerification = () => apiGetAt<Verification>(paths.mine);
export const submitVerification = () => apiSend<Verification>(paths.submit, {});
export function uploadDocument(kind: DocumentKind, file: File) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('image', file);
  return apiUpload<VerificationDocument>(paths.documents, form);
}
