import { errorCatalogue, regPatterns } from '@platform/contract';
import { describe, expect, it } from 'vitest';
import cn from './dictionaries/cn.ts';
import en from './dictionaries/en.ts';
import fr from './dictionaries/fr.ts';
import id from './dictionaries/id.ts';
import pt from './dictionaries/pt.ts';
import vi from './dictionaries/vi.ts';

/** Every leaf of a dictionary as [dotted key, text]. */
function leaves(node: unknown, prefix = ''): [string, unknown][] {
  if (typeof node !== 'object' || node === null) return [[prefix, node]];
  return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const others = { PT: pt, FR: fr, CN: cn, VI: vi, ID: id };
const reference = new Map(leaves(en) as [string, string][]);

describe('dictionaries', () => {
  it('has no empty English text', () => {
    for (const [key, text] of reference) expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
  });

  for (const [code, dictionary] of Object.entries(others)) {
    describe(code, () => {
      const entries = leaves(dictionary);

      it('has exactly the same keys as EN', () => {
        expect(entries.map(([key]) => key).sort()).toEqual([...reference.keys()].sort());
      });

      it('has no empty values', () => {
        for (const [key, text] of entries) expect(typeof text === 'string' && text.trim().length > 0, `${code} ${key}`).toBe(true);
      });

      it('uses the same {{placeholders}} as EN in every text', () => {
        for (const [key, text] of entries) {
          expect(placeholders(String(text)), `${code} ${key}`).toEqual(placeholders(reference.get(key) ?? ''));
        }
      });
    });
  }

  it('names every error and validation message key the API sends', () => {
    const apiKeys = [
      'error.validation',
      'error.not_found',
      'error.merchant_unknown',
      'error.promotion_not_found',
      'error.system_maintenance',
      'error.ip_blocked',
      'error.too_many_requests',
      'error.system',
      'validation.required',
      'validation.invalid',
      'validation.too_small',
      'validation.too_big',
      'validation.not_integer',
      'validation.unknown_value',
    ];
    for (const key of apiKeys) expect(reference.has(key), key).toBe(true);
  });

  it('names every account error the API sends, bare keys under error.', () => {
    const accountCodes = Object.entries(errorCatalogue).filter(([code]) => /^APP_ERR_(AUTH|MEMBER|VERIFICATION)_/.test(code));
    for (const [code, { message }] of accountCodes) {
      expect(reference.has(message) || reference.has(`error.${message}`), `${code} ${message}`).toBe(true);
    }
    const fieldKeys = [
      'validation.mobile_invalid',
      'validation.email_invalid',
      'validation.agree_terms',
      'validation.password_same_as_old',
    ];
    for (const key of fieldKeys) expect(reference.has(key), key).toBe(true);
  });

  it('names every wallet and payment error and field message the API sends', () => {
    const moneyCodes = Object.entries(errorCatalogue).filter(([code]) => /^APP_ERR_(WALLET|PAYMENT|LEDGER|OPERATOR)_/.test(code));
    for (const [code, { message }] of moneyCodes) expect(reference.has(message), `${code} ${message}`).toBe(true);
    const fieldKeys = [
      'validation.amount_invalid',
      'validation.amount_positive',
      'validation.amount_decimals',
      'validation.amount_too_large',
      'validation.amount_below_min',
      'validation.amount_above_max',
      'validation.payment_password_format',
      'validation.pix_key_invalid',
      'validation.bank_account_invalid',
      'validation.mobile_invalid',
      'validation.too_many_accounts',
      'validation.image_type',
      'validation.image_too_big',
      'validation.confirm_mismatch',
      'error.insufficient_funds',
      'error.turnover_not_met',
    ];
    for (const key of fieldKeys) expect(reference.has(key), key).toBe(true);
  });

  it('names every game, crash and lottery error the API sends', () => {
    const gameCodes = Object.entries(errorCatalogue).filter(([code]) => /^APP_ERR_(GAME|CRASH|LOTTERY)_/.test(code));
    expect(gameCodes.length).toBeGreaterThan(0);
    for (const [code, { message }] of gameCodes) expect(reference.has(message), `${code} ${message}`).toBe(true);
  });

  it('has a message for each of the registration pattern kinds', () => {
    for (let i = 0; i < regPatterns.length; i++) expect(reference.has(`validation.reg_pattern_${i}`), `reg_pattern_${i}`).toBe(true);
  });
});
