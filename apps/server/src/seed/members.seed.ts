import { loadAuthConfig } from '../modules/auth/auth.config.ts';
import { PasswordHasher } from '../modules/auth/passwords.ts';
import { addAffiliateCode, createMember, recordLogin } from '../modules/members/members.service.ts';
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
  /** A player who signed in from the demo player's phone and home address: a linked account in the back office. */
  linked: { account: 'demotwin', password: 'Demo1234' },
} as const;

const perMerchant: Record<
  string,
  { mobile: string; dialingCode: string; affiliateCode: string; domain: string; home: string; office: string; country: [string, string] }
> = {
  // Addresses from the documentation ranges (RFC 5737): they belong to nobody.
  BRAZIL: {
    mobile: '+5511987654321',
    dialingCode: '+55',
    affiliateCode: 'BRAGENT1',
    domain: 'brazil.example',
    home: '203.0.113.10',
    office: '198.51.100.10',
    country: ['Brazil', 'BR'],
  },
  UEMOA: {
    mobile: '+221771234567',
    dialingCode: '+221',
    affiliateCode: 'UEAGENT1',
    domain: 'uemoa.example',
    home: '203.0.113.20',
    office: '198.51.100.20',
    country: ['Senegal', 'SN'],
  },
};

const phone = 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const laptop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

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
  const player = await createMember(db, {
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
  // A login history for the back office (decision 0048): the demo player on a phone at home and a
  // laptop at the office; a second account signed in on the same phone from the same home.
  const twin = await createMember(db, {
    ...base,
    account: demoAccounts.linked.account,
    nickname: 'Demo Twin',
    passwordHash: await hasher.hash(demoAccounts.linked.password),
    passwordChangedAt: base.createdAt,
    createdAt: new Date(now.getTime() - 10 * DAY),
  });
  const [country, countryCode] = extra.country;
  const device = `demo${merchant.code.toLowerCase()}phone00000001`;
  const logins: [typeof player, number, string, string, string][] = [
    [player, 20, extra.home, device, phone],
    [player, 12, extra.office, `demo${merchant.code.toLowerCase()}laptop0000001`, laptop],
    [twin, 9, extra.home, device, phone],
    [player, 3, extra.home, device, phone],
    [twin, 1, extra.home, device, phone],
  ];
  for (const [who, daysAgo, ip, id, userAgent] of logins) {
    await recordLogin(db, who, {
      kind: 'username',
      location: { ip, country, countryCode },
      userAgent,
      device: id,
      at: new Date(now.getTime() - daysAgo * DAY),
    });
  }
}
