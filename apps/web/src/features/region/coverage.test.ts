import { describe, expect, it } from 'vitest';
import { merchantForCountry } from './coverage.ts';

describe('merchantForCountry', () => {
  it('maps Brazil to BRAZIL and the UEMOA countries to UEMOA', () => {
    expect(merchantForCountry('BR')).toBe('BRAZIL');
    for (const cc of ['BJ', 'BF', 'CI', 'GW', 'ML', 'NE', 'SN', 'TG']) expect(merchantForCountry(cc)).toBe('UEMOA');
  });

  it('has no merchant for an unknown or uncovered country', () => {
    expect(merchantForCountry('')).toBeNull();
    expect(merchantForCountry('FR')).toBeNull();
  });
});
