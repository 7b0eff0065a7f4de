import { type SupportHistory, type SupportMessage, supportPaths } from '@platform/contract';
import { apiGetAt, apiSend, apiUpload } from '../../api/client.ts';
import { sessionToken } from '../../api/session.ts';

/** A client id for a message: sending it again (a retry after a dropped answer) returns the same message. */
export const newClientId = () => crypto.randomUUID();

export const supportHistory = (q: { before?: number; after?: number; limit?: number } = {}) =>
  apiGetAt<SupportHistory>(supportPaths.messages, { query: { before: q.before, after: q.after, limit: q.limit } });
export const sendText = (content: string, clientId: string) => apiSend<SupportMessage>(supportPaths.messages, { clientId, content });
export function sendImage(file: File, clientId: string) {
  const form = new FormData();
  form.append('clientId', clientId);
  form.append('image', file);
  return apiUpload<SupportMessage>(supportPaths.images, form);
}

/** An image of the conversation as an object URL (an <img> cannot send the session's header). */
export async function imageUrl(conversationId: number, seq: number): Promise<string> {
  const path = supportPaths.image.replace(':conversationId', String(conversationId)).replace(':seq', String(seq));
  const token = sessionToken();
  const res = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`image ${res.status}`);
  return URL.createObjectURL(await res.blob());
}
