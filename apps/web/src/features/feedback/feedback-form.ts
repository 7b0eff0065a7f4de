import {
  countWords,
  FEEDBACK_MAX_CHARS,
  FEEDBACK_MAX_IMAGE_MB,
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_MAX_WORDS,
  FEEDBACK_MIN_WORDS,
  feedbackProblem,
} from '@platform/contract';
import type { Problem } from '../../i18n/problem-text.ts';

const imageTypes = new Set(['image/png', 'image/jpeg']);

/** The text's length and words as the server counts them (code points of the trimmed text, Intl word segmentation). */
export function contentCounts(content: string, language: string): { chars: number; words: number } {
  const text = content.trim();
  return { chars: [...text].length, words: text ? countWords(text, language) : 0 };
}

/** The content's problem by the server's own rule (the contract's feedbackProblem), with the word bounds. */
export function contentProblem(content: string, language: string): Problem | null {
  const key = feedbackProblem(content, language);
  return key ? { key, params: { min: FEEDBACK_MIN_WORDS, max: FEEDBACK_MAX_WORDS, chars: FEEDBACK_MAX_CHARS } } : null;
}

/**
 * What is wrong with adding `picked` to the `chosen` images (too many, not png/jpg, over 5 MB), or
 * null: the server checks the bytes again, this spares the player a refused send.
 */
export function imagesProblem(chosen: readonly File[], picked: readonly File[]): Problem | null {
  if (chosen.length + picked.length > FEEDBACK_MAX_IMAGES)
    return { key: 'validation.too_many_images', params: { max: FEEDBACK_MAX_IMAGES } };
  if (picked.some((f) => !imageTypes.has(f.type))) return { key: 'validation.image_type' };
  if (picked.some((f) => f.size > FEEDBACK_MAX_IMAGE_MB * 1024 * 1024))
    return { key: 'validation.image_too_big', params: { max: FEEDBACK_MAX_IMAGE_MB } };
  return null;
}
