import { z } from 'zod';
import { marketRulesSchema } from './market.ts';

/** Feature switches of the whitelabel tree, by module id. */
export const moduleIds = {
  mobileRegister: 'MOBILENUMREG3',
  mobileRegisterVerify: 'REGMOBVERF3',
  mobileRegisterPassword: 'MOBILENUMPASSREG3',
  usernameRegister: 'USERNAMEREG3',
  freePlay: 'FREEPLAY3',
  passwordExpiryForceChange: 'PWDEXPFORCECHANGE3',
  /** A second step (SMS or e-mail code, or authenticator app) when logging in from a new address. */
  newAddressSecondStep: 'LOGIN2FA3',
  mobileCodeLogin: 'MOBILEVERCODELOGIN3',
  directRegister: 'DIRECTREG3',
  chatService: 'CBS3',
  changePasswordVerify: 'CHNGPASSVERIF3',
  referralPromo: 'REFERRALPROMO3',
  loginRequiredHome: 'LOGINREQHOME3',
  memberCentre: 'MEMBERCENTER3',
  agentCentre: 'AGENTCENTER3',
  googleLogin: 'GOOGLELOGIN3',
  facebookLogin: 'FACEBOOKLOGIN3',
} as const;
export type ModuleId = (typeof moduleIds)[keyof typeof moduleIds];

export interface WhitelabelNode {
  modId: string;
  /** '1' means on; anything else off. */
  enabled: string;
  childrenNodes: WhitelabelNode[];
}
export const whitelabelNodeSchema: z.ZodType<WhitelabelNode> = z.lazy(() =>
  z.object({ modId: z.string(), enabled: z.string(), childrenNodes: z.array(whitelabelNodeSchema) }),
);

/** True when the switch is on and every ancestor is on too. */
export function isModuleEnabled(tree: readonly WhitelabelNode[], modId: string): boolean {
  for (const node of tree) {
    if (node.modId === modId) return node.enabled === '1';
    if (node.enabled === '1' && isModuleEnabled(node.childrenNodes, modId)) return true;
  }
  return false;
}

export const registerRuleSchema = z.object({
  key: z.string(),
  enabled: z.boolean(),
  required: z.boolean(),
  minLength: z.number().int(),
  maxLength: z.number().int(),
  acceptedPattern: z.string(),
  patternId: z.string(),
  type: z.string(),
});
export type RegisterRule = z.infer<typeof registerRuleSchema>;

export const resourceSchema = z.object({
  /** ANDROID (package link) or IOS (configuration-profile link). */
  resourceType: z.string(),
  url: z.string(),
  qrCodeUrl: z.string(),
  labelNameEn: z.string(),
});
export type Resource = z.infer<typeof resourceSchema>;

export const linkSchema = z.object({ type: z.string(), name: z.string(), url: z.string() });
export type Link = z.infer<typeof linkSchema>;

export const locationSchema = z.object({
  ip: z.string(),
  country: z.string(),
  countryCode: z.string(),
});
export type Location = z.infer<typeof locationSchema>;

/** A region entry of the region picker and domain routes. */
export const merchantEntrySchema = z.object({
  merchantCode: z.string(),
  country: z.string(),
  countryName: z.string(),
  currency: z.string(),
  langList: z.array(z.string()),
  domains: z.array(z.string()),
});
export type MerchantEntry = z.infer<typeof merchantEntrySchema>;

export const themeSchema = z.object({
  brandName: z.string(),
  primary: z.string(),
  accent: z.string(),
});
export type MerchantTheme = z.infer<typeof themeSchema>;

export const permissionInfoSchema = z.object({
  merchant: merchantEntrySchema,
  theme: themeSchema,
  whitelabel: z.array(whitelabelNodeSchema),
  registerRules: z.array(registerRuleSchema),
  resources: z.array(resourceSchema),
  customerService: z.array(linkSchema),
  socialLinks: z.array(linkSchema),
  analytics: z.record(z.string(), z.string()),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  paymentImages: z.array(z.string()),
  /** The market's rules (limits, identity and age at registration, KYC, inactivity logout). */
  market: marketRulesSchema,
  location: locationSchema,
});
export type PermissionInfo = z.infer<typeof permissionInfoSchema>;

export const permissionSchema = z.object({
  info: permissionInfoSchema,
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  /** ISO time the maintenance ends, when known. */
  maintenanceEnd: z.string().nullable(),
});
export type Permission = z.infer<typeof permissionSchema>;

/** 0 normal, 1 maintenance, 2 region restriction. */
export const systemStatusSchema = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  maintenanceEnd: z.string().nullable(),
  location: locationSchema,
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

export const permissionQuerySchema = z.object({
  /** Host the site was opened on; the request host is used when absent. */
  host: z.string().max(253).optional(),
});

export const countryCodeSchema = z.object({
  countryCode: z.string(),
  countryDialingCode: z.string(),
  /** URL of the flag image. */
  flag: z.string(),
});
export type CountryCode = z.infer<typeof countryCodeSchema>;

export const helpArticleSchema = z.object({
  id: z.number(),
  category: z.string(),
  title: z.string(),
  /** HTML, to be sanitised by the renderer. */
  content: z.string(),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;
