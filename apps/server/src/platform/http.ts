import { type Envelope, errorEnvelopeSchema } from '@platform/contract';
import type { FastifyRequest } from 'fastify';

/** Wraps a successful result in the envelope. */
export function ok<T>(value: T, message = 'success'): Envelope<T> {
  return { success: true, message, value };
}

/**
 * Picks the text of a language map for the reader: their language, else the merchant's default (the
 * first of `fallbacks`, its language list), else EN, else the list's other languages, else any text.
 * An empty text counts as missing, so a blank translation never hides the fallback.
 */
export function localText(text: Record<string, string>, lang: string, fallbacks: readonly string[]): string {
  const order = [lang, ...fallbacks.slice(0, 1), 'EN', ...fallbacks.slice(1), ...Object.keys(text)];
  for (const l of order) {
    const value = text[l];
    if (value !== undefined && value !== '') return value;
  }
  return '';
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
