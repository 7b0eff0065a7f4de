import {
  brazilMarketRules,
  defaultMarketRules,
  type Link,
  type RegisterRule,
  type Resource,
  type WhitelabelNode,
} from '@platform/contract';
import type { NewMerchantRow } from '../modules/merchants/merchants.tables.ts';

const node = (modId: string, on: boolean, childrenNodes: WhitelabelNode[] = []): WhitelabelNode => ({
  modId,
  enabled: on ? '1' : '0',
  childrenNodes,
});

const rule = (
  key: string,
  enabled: boolean,
  required: boolean,
  minLength: number,
  maxLength: number,
  patternId: string,
  acceptedPattern: string,
  type = 'text',
): RegisterRule => ({ key, enabled, required, minLength, maxLength, patternId, acceptedPattern, type });

/** Register rules shared by both demo merchants, with the per-merchant differences passed in. */
function registerRules(opts: { email: boolean; payeeName: boolean; whatsapp: boolean; affiliateRequired: boolean }): RegisterRule[] {
  return [
    rule('username', true, true, 6, 16, 'reg_pattern_1', '^[A-Za-z][A-Za-z0-9]*$'),
    rule('password', true, true, 8, 20, 'reg_pattern_6', '^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z\\d]+$', 'password'),
    rule('confirmPassword', true, true, 8, 20, 'reg_pattern_6', '^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z\\d]+$', 'password'),
    rule('mobileNum', true, false, 6, 15, 'reg_pattern_4', '^\\d+$', 'tel'),
    rule('email', opts.email, false, 5, 64, 'reg_pattern_3', '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', 'email'),
    rule('payeeName', opts.payeeName, opts.payeeName, 2, 40, 'reg_pattern_8', '^[A-Za-z ]+$'),
    rule('captcha', true, true, 4, 4, 'reg_pattern_5', '^[A-Za-z0-9]+$'),
    rule('verificationCode', true, false, 4, 8, 'reg_pattern_4', '^\\d+$'),
    rule('affiliateCode', true, opts.affiliateRequired, 4, 12, 'reg_pattern_5', '^[A-Za-z0-9]+$'),
    rule('paymentPassword', false, false, 6, 6, 'reg_pattern_4', '^\\d+$', 'password'),
    rule('whatsapp', opts.whatsapp, false, 6, 15, 'reg_pattern_4', '^\\d+$', 'tel'),
    rule('qqNum', false, false, 5, 12, 'reg_pattern_4', '^\\d+$'),
    rule('line', false, false, 4, 20, 'reg_pattern_9', '^\\S+$'),
    rule('zalo', false, false, 6, 15, 'reg_pattern_4', '^\\d+$'),
    rule('facebook', false, false, 4, 50, 'reg_pattern_9', '^\\S+$'),
    rule('wechat', false, false, 4, 20, 'reg_pattern_9', '^\\S+$'),
    rule('idNumber', false, false, 6, 20, 'reg_pattern_5', '^[A-Za-z0-9]+$'),
    rule('recommenderId', false, false, 4, 16, 'reg_pattern_5', '^[A-Za-z0-9]+$'),
  ];
}

const social = (entries: [string, string][]): Link[] =>
  entries.map(([type, url]) => ({ type, name: type.charAt(0).toUpperCase() + type.slice(1), url }));

const resources = (slug: string): Resource[] => [
  {
    resourceType: 'ANDROID',
    url: `https://download.${slug}.example/app/${slug}.apk`,
    qrCodeUrl: `https://download.${slug}.example/app/${slug}.apk`,
    labelNameEn: 'Android app',
  },
  {
    resourceType: 'IOS',
    url: `https://download.${slug}.example/app/${slug}.mobileconfig`,
    qrCodeUrl: `https://download.${slug}.example/app/${slug}.mobileconfig`,
    labelNameEn: 'iOS app',
  },
];

/** The two demo merchants, with visibly different switches, languages, payments and brands. */
export const demoMerchants: NewMerchantRow[] = [
  {
    code: 'BRAZIL',
    country: 'BR',
    countryName: 'Brazil',
    currency: 'BRL',
    langList: ['EN', 'PT'],
    domains: ['br.localhost', 'brazil.localhost'],
    countries: ['BR'],
    restrictedCountries: [],
    isDefault: true,
    sort: 1,
    whitelabel: [
      node('REGISTER', true, [
        node('USERNAMEREG3', true),
        node('MOBILENUMREG3', true),
        node('REGMOBVERF3', true),
        node('MOBILENUMPASSREG3', false),
        node('DIRECTREG3', true),
      ]),
      node('LOGIN', true, [
        node('MOBILEVERCODELOGIN3', true),
        node('FREEPLAY3', true),
        node('PWDEXPFORCECHANGE3', true),
        node('LOGIN2FA3', false),
        node('CHNGPASSVERIF3', true),
        node('LOGINREQHOME3', false),
        node('GOOGLELOGIN3', false),
        node('FACEBOOKLOGIN3', false),
      ]),
      node('SERVICE', true, [node('CBS3', true)]),
      node('PROMO', true, [node('REFERRALPROMO3', true)]),
      node('CENTRE', true, [node('MEMBERCENTER3', true), node('AGENTCENTER3', true)]),
    ],
    // Lei 14.790/2023 and the SPA/MF ordinances: limits, CPF and 18+ at registration; 30 idle minutes end a session.
    market: brazilMarketRules,
    registerRules: registerRules({ email: true, payeeName: false, whatsapp: false, affiliateRequired: false }),
    resources: resources('brazil'),
    customerService: [
      { type: 'chat', name: 'Live chat', url: 'https://support.brazil.example/chat' },
      { type: 'email', name: 'suporte@brazil.example', url: 'mailto:suporte@brazil.example' },
    ],
    socialLinks: social([
      ['facebook', 'https://facebook.com/brazil.example'],
      ['instagram', 'https://instagram.com/brazil.example'],
      ['telegram', 'https://t.me/brazil_example'],
      ['whatsapp', 'https://wa.me/5511999999999'],
    ]),
    analytics: { googleAnalyticsId: 'G-BR0000001' },
    imageCdns: [''],
    launchGameCdns: [''],
    paymentImages: ['/img/payments/pix.svg', '/img/payments/boleto.svg', '/img/payments/visa.svg', '/img/payments/mastercard.svg'],
    theme: { brandName: 'Sorte Brasil', primary: '#1fb56b', accent: '#f5c518' },
    timeZone: 'America/Sao_Paulo',
  },
  {
    code: 'UEMOA',
    country: 'SN',
    countryName: 'UEMOA',
    currency: 'XOF',
    langList: ['EN', 'PT', 'FR'],
    domains: ['uemoa.localhost', 'sn.localhost'],
    countries: ['BJ', 'BF', 'CI', 'GW', 'ML', 'NE', 'SN', 'TG'],
    restrictedCountries: [],
    isDefault: false,
    sort: 2,
    whitelabel: [
      node('REGISTER', true, [
        node('USERNAMEREG3', true),
        node('MOBILENUMREG3', true),
        node('REGMOBVERF3', true),
        node('MOBILENUMPASSREG3', true),
        node('DIRECTREG3', true),
      ]),
      node('LOGIN', true, [
        node('MOBILEVERCODELOGIN3', false),
        node('FREEPLAY3', false),
        node('PWDEXPFORCECHANGE3', false),
        node('LOGIN2FA3', false),
        node('CHNGPASSVERIF3', false),
        node('LOGINREQHOME3', false),
        node('GOOGLELOGIN3', false),
        node('FACEBOOKLOGIN3', false),
      ]),
      node('SERVICE', true, [node('CBS3', false)]),
      node('PROMO', true, [node('REFERRALPROMO3', false)]),
      node('CENTRE', true, [node('MEMBERCENTER3', true), node('AGENTCENTER3', true)]),
    ],
    // An identity verified by an operator (KYC) before any withdrawal (issue 18).
    market: { ...defaultMarketRules, kycBeforeWithdrawal: true },
    registerRules: registerRules({ email: false, payeeName: true, whatsapp: true, affiliateRequired: false }),
    resources: resources('uemoa').filter((r) => r.resourceType === 'ANDROID'),
    customerService: [
      { type: 'whatsapp', name: 'WhatsApp', url: 'https://wa.me/221770000000' },
      { type: 'email', name: 'support@uemoa.example', url: 'mailto:support@uemoa.example' },
    ],
    socialLinks: social([
      ['facebook', 'https://facebook.com/uemoa.example'],
      ['telegram', 'https://t.me/uemoa_example'],
      ['whatsapp', 'https://wa.me/221770000000'],
    ]),
    analytics: { googleAnalyticsId: 'G-UE0000001' },
    imageCdns: [''],
    launchGameCdns: [''],
    paymentImages: [
      '/img/payments/orange-money.svg',
      '/img/payments/wave.svg',
      '/img/payments/mtn-momo.svg',
      '/img/payments/moov-money.svg',
    ],
    theme: { brandName: 'Lion Bet', primary: '#ff7a1a', accent: '#b06cff' },
    timeZone: 'Africa/Dakar',
  },
];
