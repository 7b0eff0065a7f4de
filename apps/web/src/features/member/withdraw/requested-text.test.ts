import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import fr from '../../../i18n/dictionaries/fr.ts';
import pt from '../../../i18n/dictionaries/pt.ts';
import { formatMajor } from '../../../ui/format-money.ts';
import { requestedText } from './requested-text.ts';

async function translator(lang: 'fr' | 'pt') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: lang, resources: { fr: { translation: fr }, pt: { translation: pt } }, interpolation: { escapeValue: false } });
  return i18n.t;
}

describe('requestedText', () => {
  it('confirms a withdrawal request with its amount in the currency’s units, its reference and what happens next', async () => {
    const xof = (n: number) => formatMajor(n, 'XOF', 'fr');
    expect(requestedText(await translator('fr'), xof, { amount: 1000, reference: 'WABC123' })).toBe(
      'Retrait de 1\u202f000\u00a0F\u202fCFA demandé, référence WABC123. Il attend la validation ; un message vous préviendra dès qu’il sera payé.',
    );
    const brl = (n: number) => formatMajor(n, 'BRL', 'pt-BR');
    expect(requestedText(await translator('pt'), brl, { amount: 20, reference: 'WXYZ789' })).toBe(
      'Saque de R$\u00a020,00 solicitado, referência WXYZ789. Aguardando análise; você receberá uma mensagem quando for pago.',
    );
  });
});
