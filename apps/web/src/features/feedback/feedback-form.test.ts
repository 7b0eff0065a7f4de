import { describe, expect, it } from 'vitest';
import { contentCounts, contentProblem, imagesProblem } from './feedback-form.ts';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('feedback form rules', () => {
  it('counts what the server counts: trimmed code points, and Chinese words without spaces', () => {
    expect(contentCounts('  Deposit is slow  ', 'EN')).toEqual({ chars: 15, words: 3 });
    expect(contentCounts('存款页面很慢', 'CN').words).toBeGreaterThan(1);
    expect(contentCounts('   ', 'EN')).toEqual({ chars: 0, words: 0 });
  });

  it('refuses empty, one word, too many words and over 140 characters with the server’s keys', () => {
    expect(contentProblem(' ', 'EN')?.key).toBe('error.input_empty');
    expect(contentProblem('Hello', 'EN')).toEqual({ key: 'validation.word_range', params: { min: 2, max: 40, chars: 140 } });
    expect(contentProblem('a '.repeat(41), 'EN')?.key).toBe('validation.word_range');
    expect(contentProblem('x'.repeat(141), 'EN')?.key).toBe('error.content_limit');
    expect(contentProblem('The deposit page is slow', 'EN')).toBeNull();
  });

  it('takes up to three png or jpg images of 5 MB', () => {
    const png = file('a.png', 'image/png');
    expect(imagesProblem([png, png], [file('b.jpg', 'image/jpeg')])).toBeNull();
    expect(imagesProblem([png, png, png], [png])).toEqual({ key: 'validation.too_many_images', params: { max: 3 } });
    expect(imagesProblem([], [file('a.gif', 'image/gif')])?.key).toBe('validation.image_type');
    expect(imagesProblem([], [file('big.png', 'image/png', 5 * 1024 * 1024 + 1)])).toEqual({
      key: 'validation.image_too_big',
      params: { max: 5 },
    });
  });
});
