import { type Envelope, errorEnvelopeSchema } from '@platform/contract';
import type { FastifyRequest } from 'fastify';

/** Wraps a successful result in the envelope. */
export function ok<T>(value: T, message = 'success'): Envelope<T> {
  return { success: true, message, value };
}

/** Picks the text of a language map for the reader: their language, then the fallbacks, then any. */
export function localText(text: Record<string, string>, lang: string, fallbacks: readonly string[]): string {
  if (text[lang] !== undefined) return text[lang];
  for (const l of fallbacks) if (text[l] !== undefined) return text[l];
  if (text.EN !== undefined) return text.EN;
  const first = Object.values(text)[0];
  return first ?? '';
}

/** Text made safe to place inside HTML (the few server-rendered pages: sandbox payment, dev outbox). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The member of a route whose config sets `auth` (the session hook has refused the call without
 * one): the one way routes read the logged-in member.
 */
export function memberOf(request: FastifyRequest): NonNullable<FastifyRequest['member']> {
  if (!request.member) throw new Error('route without auth config');
  return request.member;
}

/**
 * The failure answers a route documents (its OpenAPI responses): each status answers the error
 * envelope with its stable code. `failures(400, 401, 409)` in every module, instead of a map each.
 */
export function failures<S extends number>(...statuses: S[]): { [K in S]: typeof errorEnvelopeSchema } {
  return Object.fromEntries(statuses.map((s) => [s, errorEnvelopeSchema])) as { [K in S]: typeof errorEnvelopeSchema };
}
