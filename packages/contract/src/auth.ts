import { z } from 'zod';
import { registrationLimitSchema } from './market.ts';

/**
 * Account types (the spec's isAgent): 0 player, 4 trial (free play), agents 1, 2, 41 and 42.
 * Any other type is not a member account and cannot log in through the member entrance.
 */
export const memberTypes = { player: 0, agent: 1, agentLevel2: 2, trial: 4, agent41: 41, agent42: 42 } as const;
export const agentTypes: readonly number[] = [1, 2, 41, 42];
/** Types that may log in through the member site (agents reach their agent centre from it). */
export const memberEntranceTypes: readonly number[] = [0, ...agentTypes];

const text = (max: number) => z.string().max(max);
const optionalText = (max = 255) => z.string().max(max).optional();

/** A body sent encrypted: see docs/decisions/0004-accounts.md for the scheme. */
export const encryptedBodySchema = z.object({
  /** base64 of RSA-OAEP-SHA256(JSON) or, with `key`, of AES-256-GCM(JSON) followed by its 16-byte tag. */
  encrypted: z.string().max(65_536),
  /** base64 of RSA-OAEP-SHA256 of the 32-byte AES key (hybrid mode, for bodies over 190 bytes). */
  key: z.string().max(1024).optional(),
  /** base64 of the 12-byte AES-GCM IV (hybrid mode). */
  iv: z.string().max(64).optional(),
});

export const publicKeySchema = z.object({
  /** SPKI PEM of the RSA-2048 key. */
  publicKey: z.string(),
  /** The same key as base64 DER (SPKI), for WebCrypto importKey('spki'). */
  spki: z.string(),
  algorithm: z.literal('RSA-OAEP-256'),
  /** Cipher of the hybrid mode. */
  hybrid: z.literal('A256GCM'),
});
export type PublicKey = z.infer<typeof publicKeySchema>;

export const captchaSchema = z.object({
  captchaId: z.string(),
  /** data:image/svg+xml;base64,... */
  image: z.string(),
  /** Epoch ms after which the answer is refused. */
  expiresAt: z.number(),
});
export type Captcha = z.infer<typeof captchaSchema>;

/** An ALTCHA (v1) proof-of-work challenge, signed by the server. */
export const altchaChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;

/** Captcha and bot-check answers that several bodies carry. */
const challengeFields = {
  /** Id of the captcha image answered (GET /wps/captcha). */
  captchaId: optionalText(64),
  /** Text read from the captcha image. */
  captcha: optionalText(16),
  /** base64 ALTCHA payload solving GET /wps/altcha/challenge. */
  altcha: optionalText(2048),
};

export const loginBodySchema = z.object({
  type: z.enum(['username', 'sms']).default('username'),
  /** Account name, or the mobile number for a mobile-registered member. */
  username: optionalText(64),
  password: optionalText(128),
  countryDialingCode: optionalText(8),
  mobileNum: optionalText(20),
  /** SMS code of the sms login. */
  code: optionalText(255),
  ...challengeFields,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginAnswerSchema = z.object({
  /** Opaque session token for `Authorization: Bearer`. */
  token: z.string(),
  /** Epoch ms of the absolute end of the session. */
  expiresAt: z.number(),
  /** The account still has the initial password it was given and must change it now. */
  firstTimeLogin: z.boolean(),
  /** The password is older than the merchant allows (switch PWDEXPFORCECHANGE3) and must be changed. */
  passwordExpired: z.boolean(),
  /** The account name (generated for mobile registrations and free play). */
  userName: z.string(),
  nickname: z.string(),
  /** Account type, the spec's isAgent. */
  isAgent: z.number(),
  /** Epoch ms of the login before this one, null on the first. */
  previousLoginAt: z.number().nullable(),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** Extra information some failures carry in `value`. */
export const captchaRequiredSchema = z.object({ captchaRequired: z.boolean() });

export const registerBodySchema = z.object({
  username: optionalText(64),
  password: optionalText(128),
  confirmPassword: optionalText(128),
  payeeName: optionalText(),
  email: optionalText(),
  qqNum: optionalText(),
  mobileNum: optionalText(32),
  countryDialingCode: optionalText(8),
  recommenderId: optionalText(),
  verificationCode: optionalText(255),
  affiliateCode: optionalText(64),
  paymentPassword: optionalText(128),
  line: optionalText(),
  whatsapp: optionalText(),
  zalo: optionalText(),
  facebook: optionalText(),
  wechat: optionalText(),
  idNumber: optionalText(),
  /** Where the market asks for it (Brazil): the CPF, digits with or without dots and dash. */
  cpf: optionalText(14),
  /** Where the market asks for it: yyyy-MM-dd. */
  birthDate: optionalText(10),
  /** Where the market asks for limits at registration: the loss and session-time limits chosen (null: explicitly none). */
  lossLimit: registrationLimitSchema.optional(),
  sessionLimit: registrationLimitSchema.optional(),
  /** The site link's referral code (query referralCode). */
  referralCode: optionalText(64),
  /** The site domain the visitor registers on. */
  domain: optionalText(253),
  registerUrl: optionalText(2048),
  registerMethod: optionalText(16),
  login: z.boolean().optional(),
  /** The terms and the 18+ confirmation were accepted. */
  agreeTerms: z.boolean().optional(),
  ...challengeFields,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const sendSmsBodySchema = z.object({
  countryDialingCode: text(8),
  mobileNum: optionalText(32),
  /** The register SMS names the number mobileNo. */
  mobileNo: optionalText(32),
  altcha: optionalText(2048),
});
export type SendSmsBody = z.infer<typeof sendSmsBodySchema>;

export const sendEmailCodeBodySchema = z.object({ email: text(254) });

export const codeSentSchema = z.object({
  /** Minutes the code stays valid. */
  expiredMinutes: z.number(),
  /** Epoch ms when the code expires. */
  expirationTime: z.number(),
  /** Seconds before another code can be asked for this number or address. */
  resendAfterSeconds: z.number(),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

export const affiliateCheckSchema = z.object({ code: text(64), domain: optionalText(253) });
export const affiliateAnswerSchema = z.object({ valid: z.literal(true), code: z.string(), agent: z.string() });

export const changePasswordBodySchema = z.object({
  oldPassword: optionalText(128),
  newPassword: text(128),
  confirmNewPassword: text(128),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const forgotByEmailBodySchema = z.object({ username: text(64), email: text(254) });
export const resetPasswordBodySchema = z.object({ token: text(128), newPassword: text(128), confirmNewPassword: text(128) });
export const forgotByPhoneBodySchema = z.object({
  countryDialingCode: text(8),
  mobileNum: text(32),
  verificationCode: text(255),
  newPassword: text(128),
  confirmNewPassword: optionalText(128),
});

export const freePlayBodySchema = z.object({
  os: optionalText(32),
  platform: optionalText(8),
  random: optionalText(1024),
  version: z.union([z.string().max(8), z.number()]).optional(),
});

export const memberLabelSchema = z.object({ labelName: z.string(), color: z.string(), bgColor: z.string() });

export const memberInfoSchema = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.string(),
  /** Account type (isAgent): 0 player, 4 trial, 1/2/41/42 agents. */
  type: z.number(),
  /** Account of the upline agent, empty when none. */
  toUpline: z.string(),
  clubLabel: z.object({ labelName: z.string(), color: z.string(), color2: z.string(), rankLevel: z.number() }),
  memberLabel: z.array(memberLabelSchema),
  /** False for members registered by mobile without a password: change-password then needs no old password. */
  hasPassword: z.boolean(),
  /** The initial password must be changed (the cpw flag). */
  cpw: z.boolean(),
  language: z.string(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

/**
 * The member's avatar for the header (spec: member icon). Members have no uploaded picture: the icon
 * is generated from the name on a colour fixed per member, so it is never a broken image.
 */
export const memberIconSchema = z.object({
  /** Stable id of the generated icon (initials-<colour index>). */
  iconId: z.string(),
  /** The image: an SVG data URL the site can put in an img element as it is. */
  url: z.string(),
  /** One or two letters of the nickname, or of the account when there is no nickname. */
  initials: z.string(),
  /** Background colour of the icon (#rrggbb), white text reads on it. */
  color: z.string(),
  /** The VIP level shown beside the avatar: the club rank minus 1. */
  vipLevel: z.number().int().min(0),
});
export type MemberIcon = z.infer<typeof memberIconSchema>;

export const securityOverviewSchema = z.object({
  account: z.string(),
  nickname: z.string(),
  /** Masked, e.g. +55 119****4321; null when not bound. */
  mobile: z.string().nullable(),
  countryDialingCode: z.string().nullable(),
  /** Masked, e.g. an***@mail.com; null when not bound. */
  email: z.string().nullable(),
  hasPassword: z.boolean(),
  hasPaymentPassword: z.boolean(),
  passwordChangedAt: z.number().nullable(),
  lastLoginAt: z.number().nullable(),
  /** An authenticator app is in force for the second login step. */
  authenticator: z.boolean(),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

export const nicknameBodySchema = z.object({ nickname: z.string().trim().min(1).max(20) });
export const bindMobileBodySchema = z.object({
  countryDialingCode: text(8),
  mobileNum: text(32),
  verificationCode: text(255),
  /** Current password, needed to replace a mobile already bound when the member has a password. */
  password: optionalText(128),
});
export const bindEmailBodySchema = z.object({
  email: text(254),
  verificationCode: text(255),
  password: optionalText(128),
});

export const loginRecordSchema = z.object({
  /** Epoch ms. */
  time: z.number(),
  ip: z.string(),
  country: z.string(),
  countryCode: z.string(),
  /** username, sms, register, freeplay or reset. */
  type: z.string(),
});
export const loginHistorySchema = z.object({
  /** Epoch ms of the login before the current one, null when none. */
  previousLoginAt: z.number().nullable(),
  list: z.array(loginRecordSchema),
});
export type LoginRecord = z.infer<typeof loginRecordSchema>;
export type LoginHistory = z.infer<typeof loginHistorySchema>;
export const loginHistoryQuerySchema = z.object({ pageSize: z.coerce.number().int().min(1).max(50).default(10) });

// Second step of a login from a new address (switch LOGIN2FA3)

/** What the refused first step answers (APP_ERR_AUTH_SECOND_STEP): the challenge and the ways to meet it. */
export const secondStepSchema = z.object({
  challengeId: z.string(),
  methods: z.array(z.enum(['sms', 'email', 'totp'])),
  /** Masked, to tell the member where a code would go. */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
});
export type SecondStep = z.infer<typeof secondStepSchema>;
export const secondStepSendBodySchema = z.object({ challengeId: text(64), method: z.enum(['sms', 'email']) });
export const secondStepBodySchema = z.object({ challengeId: text(64), method: z.enum(['sms', 'email', 'totp']), code: text(8) });
export type SecondStepBody = z.infer<typeof secondStepBodySchema>;

/** An authenticator app being set up: the secret to type, and the otpauth:// address a QR code carries. */
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const totpCodeBodySchema = z.object({ code: text(8) });
