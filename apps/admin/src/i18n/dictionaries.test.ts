import { describe, expect, it } from 'vitest';
import en from './dictionaries/en.ts';
import fr from './dictionaries/fr.ts';
import pt from './dictionaries/pt.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort();
}

describe('back-office dictionaries', () => {
  const reference = keys(en).sort();

  it.each([
    ['PT', pt],
    ['FR', fr],
  ])('%s has exactly the English keys, each a translated text with the same placeholders', (_code, dictionary) => {
    expect(keys(dictionary).sort()).toEqual(reference);
    for (const key of reference) {
      const path = key.split('.');
      const read = (d: unknown) => path.reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], d) as string;
      expect(read(dictionary).trim(), key).not.toBe('');
      expect(placeholders(read(dictionary)), key).toEqual(placeholders(read(en)));
    }
  });
});
