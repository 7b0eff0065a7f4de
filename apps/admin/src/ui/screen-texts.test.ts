import { describe, expect, it } from 'vitest';
import { adjustmentTexts } from '../features/adjustments/texts.ts';
import { contentTexts } from '../features/content/texts.ts';
import { feedbackTexts } from '../features/feedback/texts.ts';
import { lotteryResultTexts } from '../features/lottery/texts.ts';
import { localInputMs, msToLocalInput, parseCountries } from '../features/merchants/merchant.ts';
import { merchantTexts } from '../features/merchants/texts.ts';
import { typeKey } from '../features/players/player-type.ts';
import { playerTexts } from '../features/players/texts.ts';
import { reportTexts } from '../features/reports/texts.ts';
import { withdrawalTexts } from '../features/withdrawals/texts.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort();

describe('the screens’ own texts', () => {
  it.each([
    ['withdrawals', withdrawalTexts],
    ['adjustments', adjustmentTexts],
    ['merchants', merchantTexts],
    ['players', playerTexts],
    ['lottery results', lotteryResultTexts],
    ['banners', contentTexts],
    ['reports', reportTexts],
    ['feedback', feedbackTexts],
  ] as const)('%s: PT and FR have the English keys, each translated with the same placeholders', (_name, texts) => {
    const en = texts.EN as Record<string, string>;
    for (const other of [texts.PT, texts.FR] as Record<string, string>[]) {
      expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        expect(other[key]?.trim(), key).not.toBe('');
        expect(placeholders(other[key] ?? ''), key).toEqual(placeholders(text));
      }
    }
  });

  it('has a text for every banner group and link kind, and every prize of the Vietnamese sheet', async () => {
    const { bannerGroups, bannerLinkageTypes } = await import('@platform/contract');
    const { vietnamPrizes } = await import('@platform/games/lottery');
    for (const g of bannerGroups) expect(contentTexts.EN).toHaveProperty(`group_${g}`);
    for (const k of bannerLinkageTypes) expect(contentTexts.EN).toHaveProperty(`link_${k}`);
    for (const p of vietnamPrizes.filter((x) => x !== 'DB')) expect(lotteryResultTexts.EN).toHaveProperty(`prize_${p}`);
  });

  it('has a text for every adjustment request status the API answers, in every language', async () => {
    const { adjustmentStatuses } = await import('@platform/contract');
    const dictionaries = await Promise.all(['en', 'pt', 'fr'].map(async (l) => (await import(`../i18n/dictionaries/${l}.ts`)).default));
    for (const d of dictionaries) for (const s of adjustmentStatuses) expect(d.adjustmentStatus[s], s).toBeTruthy();
  });

  it('has a text for every switch of a player account and every kind of link between players', async () => {
    const { playerFlags, linkKinds } = await import('@platform/contract');
    // Play keeps its first texts (play, playOn...); the other switches have flag_<name>_*.
    for (const f of playerFlags.filter((x) => x !== 'play'))
      for (const part of ['', '_on', '_off', '_hint', '_switchOff', '_switchOn']) expect(playerTexts.EN).toHaveProperty(`flag_${f}${part}`);
    for (const k of linkKinds) expect(playerTexts.EN).toHaveProperty(`link_${k}`);
  });

  it('has a text for every withdrawal status and risk flag the API answers', async () => {
    const { withdrawalStatuses, withdrawalRiskFlags } = await import('@platform/contract');
    for (const s of withdrawalStatuses) expect(withdrawalTexts.EN).toHaveProperty(`status_${s}`);
    for (const f of withdrawalRiskFlags) expect(withdrawalTexts.EN).toHaveProperty(`flag_${f}`);
  });
});

describe('the merchants screen’s inputs', () => {
  it('reads typed country codes in any case and separator, once each', () => {
    expect(parseCountries(' us, fr;SN  us ')).toEqual(['US', 'FR', 'SN']);
    expect(parseCountries('')).toEqual([]);
  });

  it('turns the end time input into epoch ms and back in the reader’s time', () => {
    const ms = new Date(2026, 10, 25, 14, 30).getTime();
    expect(msToLocalInput(ms)).toBe('2026-11-25T14:30');
    expect(localInputMs('2026-11-25T14:30')).toBe(ms);
    expect(localInputMs('')).toBeNull();
    expect(localInputMs('not a date')).toBeNull();
  });

  it('names each player type', () => {
    expect([0, 4, 1, 42].map(typeKey)).toEqual(['type_player', 'type_trial', 'type_agent', 'type_agent']);
  });
});
