import { ApiError } from '@platform/api-client';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import cn from '../../i18n/dictionaries/cn.ts';
import en from '../../i18n/dictionaries/en.ts';
import { formatMajor } from '../../ui/format-money.ts';
import { fieldTexts, owedText } from './field-texts.ts';

// An agent's transfer or withdrawal refused while it owes its downlines: the form shows the amount
// owed in the merchant's money, in the reader's language.

const refusal = new ApiError(409, 'APP_ERR_AGENT_OWES_DOWNLINES', 'error.agent_owes_downlines', [
  { field: 'amount', message: 'error.agent_owes_downlines', params: { owed: 150 } },
]);

async function translator(lang: 'en' | 'cn') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: lang, resources: { en: { translation: en }, cn: { translation: cn } }, interpolation: { escapeValue: false } });
  return i18n.t;
}

describe('owedText', () => {
  it('names the amount owed in the merchant money, in each language', async () => {
    const brl = (n: number) => formatMajor(n, 'BRL', 'en-US');
    expect(owedText(await translator('en'), refusal, brl)).toBe(
      `You still owe your downlines ${brl(150)} in salary or dividend: transfers and withdrawals are blocked until it is paid (it is paid from your balance as funds arrive)`,
    );
    expect(owedText(await translator('cn'), refusal, brl)).toContain(`您仍欠下级 ${brl(150)}`);
  });

  it('leaves other failures to the field texts', async () => {
    const t = await translator('en');
    const other = new ApiError(409, 'APP_ERR_WALLET_INSUFFICIENT_FUNDS', 'error.insufficient_funds', [
      { field: 'amount', message: 'error.insufficient_funds' },
    ]);
    expect(owedText(t, other, String)).toBeUndefined();
    expect(fieldTexts(t, other, 'amount')).toEqual({ amount: 'Insufficient balance' });
  });
});
