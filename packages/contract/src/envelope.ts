import { z } from 'zod';

/** Every API answer has this shape; `message` is a translation key, `code` a stable machine code on failures. */
export interface Envelope<T> {
  success: boolean;
  /** Translation key the site turns into text in the user's language. */
  message: string;
  value: T;
  /** Stable machine code (APP_ERR_...), present on failures. */
  code?: string;
}

/** One field that failed validation; `message` is a translation key shown under that field. */
export interface FieldError {
  field: string;
  message: string;
}

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

/** Builds the schema of a successful envelope around a value schema (for OpenAPI). */
export function envelopeOf<T extends z.ZodType>(value: T) {
  return z.object({
    success: z.boolean(),
    message: z.string(),
    value,
    code: z.string().optional(),
  });
}

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  value: z.union([z.object({ fields: z.array(fieldErrorSchema) }), z.record(z.string(), z.unknown()), z.null()]),
});
