import { loadAuthConfig } from '../modules/auth/auth.config.ts';
import { PasswordHasher } from '../modules/auth/passwords.ts';
import { addAffiliateCode, createMember } from '../modules/members/members.service.ts';
import type { Db } from '../platform/db.ts';

const DAY = 86_400_000;

/** Demo accounts of each merchant (listed in the README). */
export const demoAccounts = {
  /** A player under the demo agent, with a bound mobile and email. */
  player: { account: 'demoplayer', password: 'Demo1234' },
  /** An agent (type 1) with an affiliate code. */
  agent: { account: 'demoagent', password: 'Demo1234' },
  /** A player still on the default password, which must be changed at the first login. */
  defaultPassword: { account: 'newplayer', password: 'Welcome1' },
  /** A player whose password is 200 days old (forced to change where PWDEXPFORCECHANGE3 is on). */
  expiredPassword: { account: 'oldplayer', password: 'Demo1234' },
} as const;

const perMerchant: Record<string, { mobile: string; dialingCode: string; affiliateCode: string; domain: string }> = {
  BRAZIL: { mobile: '+5511987654321', dialingCode: '+55', affiliateCode: 'BRAGENT1', domain: 'brazil.example' },
  UEMOA: { mobile: '+221771234567', dialingCode: '+221', affiliateCode: 'UEAGENT1', domain: 'uemoa.example' },
};

/** Seeds the demo accounts of one merchant. */
export async function seedDemoMembers(db: Db, merchant: { id: number; code: string; langList: string[] }, now: Date): Promise<void> {
  const extra = perMerchant[merchant.code];
  if (!extra) return;
  const hasher = new PasswordHasher(loadAuthConfig().passwordHash);
  const base = { merchantId: merchant.id, language: merchant.langList[0] ?? 'EN', createdAt: new Date(now.getTime() - 30 * DAY) };
  const agent = await createMember(db, {
    ...base,
    account: demoAccounts.agent.account,
    nickname: 'Demo Agent',
    type: 1,
    passwordHash: await hasher.hash(demoAccounts.agent.password),
    passwordChangedAt: base.createdAt,
    labelName: 'Agent',
    color: '#ffffff',
    color2: '#1f6feb',
  });
  await addAffiliateCode(db, merchant.id, extra.affiliateCode, agent.id);
  await createMember(db, {
    ...base,
    account: demoAccounts.player.account,
    nickname: 'Demo Player',
    uplineId: agent.id,
    affiliateCode: extra.affiliateCode,
    passwordHash: await hasher.hash(demoAccounts.player.password),
    passwordChangedAt: base.createdAt,
    mobile: extra.mobile,
    countryDialingCode: extra.dialingCode,
    mobileVerifiedAt: base.createdAt,
    email: `demoplayer@${extra.domain}`,
    emailVerifiedAt: base.createdAt,
    labelName: 'Gold',
    color: '#1a1a1a',
    color2: '#f5c518',
    rankLevel: 3,
    memberLabels: [{ labelName: 'VIP', color: '#1a1a1a', bgColor: '#f5c518' }],
  });
  await createMember(db, {
    ...base,
    account: demoAccounts.defaultPassword.account,
    nickname: 'New Player',
    uplineId: agent.id,
    passwordHash: await hasher.hash(demoAccounts.defaultPassword.password),
    passwordChangedAt: base.createdAt,
    mustChangePassword: true,
    email: `newplayer@${extra.domain}`,
  });
  await createMember(db, {
    ...base,
    account: demoAccounts.expiredPassword.account,
    nickname: 'Old Player',
    passwordHash: await hasher.hash(demoAccounts.expiredPassword.password),
    passwordChangedAt: new Date(now.getTime() - 200 * DAY),
    createdAt: new Date(now.getTime() - 400 * DAY),
  });
}
