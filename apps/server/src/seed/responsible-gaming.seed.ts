import { writeResponsibleGamingSettings } from '../modules/responsible-gaming/settings.service.ts';
import type { Db } from '../platform/db.ts';

/**
 * Where each demo market's players find help, shown on the responsible-gaming page: Brazil's
 * regulator (whose site leads to the national self-exclusion platform) and Jogadores Anônimos; for
 * UEMOA an international counselling service in French and English.
 */
const helpLinks: Record<string, { title: string; url: string }[]> = {
  BRAZIL: [
    {
      title: 'Secretaria de Prêmios e Apostas (SPA/MF)',
      url: 'https://www.gov.br/fazenda/pt-br/composicao/orgaos/secretaria-de-premios-e-apostas',
    },
    { title: 'Jogadores Anônimos do Brasil', url: 'https://www.jogadoresanonimos.com.br' },
  ],
  UEMOA: [{ title: 'Gambling Therapy', url: 'https://www.gamblingtherapy.org' }],
};

export async function seedResponsibleGaming(db: Db, merchant: { id: number; code: string }): Promise<void> {
  const links = helpLinks[merchant.code];
  if (links) await writeResponsibleGamingSettings(db, merchant.id, { helpLinks: links });
}
