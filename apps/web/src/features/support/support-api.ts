import { type SupportConversation, type SupportHistory, type SupportMessage, supportPaths } from '@platform/contract';
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

/** The player has seen their conversation up to `seq` (the mark only moves forward on the server). */
export const markRead = (conversationId: number, seq: number) =>
  apiSend<{ seq: number; moved: boolean }>(supportPaths.read, { conversationId, seq });
/** Tells support the player is typing (the caller sends it at most every few seconds). */
export const sendTyping = () => apiSend<{ sent: boolean }>(supportPaths.typing, {});
export const rate = (conversationId: number, score: number, comment: string) =>
  apiSend<SupportConversation>(supportPaths.rating, { conversationId, score, comment: comment || undefined });

/** Downloads the conversation's transcript as a text file (fetched with the session, saved through a link). */
export async function downloadTranscript(conversationId: number): Promise<void> {
  const path = supportPaths.transcript.replace(':conversationId', String(conversationId));
  const token = sessionToken();
  const res = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`transcript ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `support-${conversationId}.txt`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
