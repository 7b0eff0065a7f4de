import { ApiError } from '@platform/api-client';
import { formatDate } from '@platform/ui/format-date.ts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatMajor } from '../ui/format-money.ts';
import en from './dictionaries/en.ts';
import pt from './dictionaries/pt.ts';
import { limitRefusalText } from './error-text.ts';

// A stake a responsible-gaming limit refused: the player reads which limit, what is left in the
// merchant's money and when it resets, from the refusal's detail.

const resetsAt = '2026-11-26T03:00:00.000Z';
const refusal = (detail: Record<string, unknown>) =>
  new ApiError(409, 'APP_ERR_STAKE_LOSS_LIMIT', 'error.loss_limit', [], {
    limit: 'loss',
    period: 'day',
    remaining: 0.5,
    resetsAt,
    ...detail,
  });

async function translator(lang: 'en' | 'pt') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: lang, resources: { en: { translation: en }, pt: { translation: pt } }, interpolation: { escapeValue: false } });
  return i18n.t;
}

describe('limitRefusalText', () => {
  it('names the limit, what is left and when it resets, in the reader’s language', async () => {
    const brl = (n: number) => formatMajor(n, 'BRL', 'pt-BR');
    const resets = formatDate(Date.parse(resetsAt), 'yyyy-MM-dd HH:mm');
    expect(limitRefusalText(await translator('en'), refusal({}), brl)).toBe(`Your daily loss limit: ${brl(0.5)} left until ${resets}.`);
    expect(limitRefusalText(await translator('pt'), refusal({ limit: 'wager', period: 'week', remaining: 0 }), brl)).toBe(
      `Seu limite semanal de apostas: restam ${brl(0)} até ${resets}.`,
    );
  });

  it('says nothing for other failures or a detail it does not know', async () => {
    const t = await translator('en');
    expect(limitRefusalText(t, new ApiError(409, 'APP_ERR_WALLET_INSUFFICIENT_FUNDS', 'error.insufficient_funds'), String)).toBe('');
    expect(limitRefusalText(t, refusal({ period: 'year' }), String)).toBe('');
    expect(limitRefusalText(t, refusal({ resetsAt: 'soon' }), String)).toBe('');
    expect(limitRefusalText(t, new Error('offline'), String)).toBe('');
  });
});
