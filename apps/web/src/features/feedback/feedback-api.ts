import { feedbackPaths } from '@platform/contract';
import { apiUpload } from '../../api/client.ts';

/** PUT /wps/feedback: the text and the chosen images in one multipart form. */
export function sendFeedback(content: string, images: readonly File[]): Promise<{ id: number }> {
  const form = new FormData();
  form.append('content', content);
  for (const image of images) form.append('images', image);
  return apiUpload<{ id: number }>(feedbackPaths.feedback, form, 'PUT');
}
