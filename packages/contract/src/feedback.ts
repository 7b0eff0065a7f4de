import { z } from 'zod';
import { pageOf, pageQuerySchema } from './pagination.ts';

/** Feedback from players (the side menu's feedback dialog), answered by operators as a platform message. */
export const feedbackPaths = {
  /** PUT, multipart: `content` and up to 3 `images`. */
  feedback: '/wps/feedback',
  adminFeedback: '/admin/v1/feedback',
  adminFeedbackAnswer: '/admin/v1/feedback/:id/answer',
  adminFeedbackImage: '/admin/v1/feedback/:id/images/:n',
} as const;

/** Spec §5 and §9: at most 140 characters, within word bounds; up to 3 png or jpg images of 5 MB each. */
export const FEEDBACK_MAX_CHARS = 140;
export const FEEDBACK_MIN_WORDS = 2;
export const FEEDBACK_MAX_WORDS = 40;
export const FEEDBACK_MAX_IMAGES = 3;
export const FEEDBACK_MAX_IMAGE_MB = 5;

/**
 * Words as a reader counts them in any language: Intl's word segmentation (Chinese has no spaces
 * between words, so splitting on spaces would count a sentence as one word).
 */
export function countWords(text: string, language = 'en'): number {
  const segmenter = new Intl.Segmenter(language === 'CN' ? 'zh' : language.toLowerCase(), { granularity: 'word' });
  let n = 0;
  for (const s of segmenter.segment(text)) if (s.isWordLike) n++;
  return n;
}

/** The content's problem, as a message key, or undefined when it is acceptable. */
export function feedbackProblem(content: string, language = 'en'): string | undefined {
  const text = content.trim();
  if (text.length === 0) return 'error.input_empty';
  if ([...text].length > FEEDBACK_MAX_CHARS) return 'error.content_limit';
  const words = countWords(text, language);
  if (words < FEEDBACK_MIN_WORDS || words > FEEDBACK_MAX_WORDS) return 'validation.word_range';
  return undefined;
}

export const feedbackSchema = z.object({
  id: z.number(),
  merchant: z.string(),
  account: z.string(),
  content: z.string(),
  images: z.number(),
  createdAt: z.number(),
  answer: z.string().nullable(),
  answeredBy: z.string().nullable(),
  answeredAt: z.number().nullable(),
});
export type Feedback = z.infer<typeof feedbackSchema>;
export const feedbackQuerySchema = pageQuerySchema.extend({
  merchant: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,20}$/, 'validation.invalid')
    .optional(),
  answered: z.enum(['0', '1']).optional(),
});
export const feedbackPageSchema = pageOf(feedbackSchema);
export const feedbackAnswerBodySchema = z.object({
  answer: z.string().trim().min(1, 'validation.required').max(1000, 'validation.too_big'),
});
export const feedbackSentSchema = z.object({ id: z.number() });
