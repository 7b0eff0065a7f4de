export type {
  AltchaChallenge,
  Captcha,
  ChangePasswordBody,
  CodeSent,
  LoginAnswer,
  LoginBody,
  MemberInfo,
  PublicKey,
  RegisterBody,
  SendSmsBody,
} from './auth.ts';
export {
  affiliateAnswerSchema,
  affiliateCheckSchema,
  agentTypes,
  altchaChallengeSchema,
  bindEmailBodySchema,
  bindMobileBodySchema,
  captchaRequiredSchema,
  captchaSchema,
  changePasswordBodySchema,
  codeSentSchema,
  encryptedBodySchema,
  forgotByEmailBodySchema,
  forgotByPhoneBodySchema,
  freePlayBodySchema,
  loginAnswerSchema,
  loginBodySchema,
  loginHistoryQuerySchema,
  loginHistorySchema,
  loginRecordSchema,
  memberEntranceTypes,
  memberInfoSchema,
  memberLabelSchema,
  memberTypes,
  nicknameBodySchema,
  publicKeySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  securityOverviewSchema,
  sendEmailCodeBodySchema,
  sendSmsBodySchema,
} from './auth.ts';
export type { Announcements, AnnouncementsQuery, AnnouncementType, Banner, BannerGroup, Notice, Promotion } from './content.ts';
export {
  announcementsQuerySchema,
  announcementsSchema,
  announcementTypes,
  bannerGroups,
  bannerSchema,
  bannersQuerySchema,
  noticeSchema,
  promotionDetailParamsSchema,
  promotionSchema,
  promotionsQuerySchema,
} from './content.ts';
export type { Envelope, FieldError } from './envelope.ts';
export { envelopeOf, errorEnvelopeSchema, fieldErrorSchema } from './envelope.ts';
export type { ErrorCode } from './errors.ts';
export { errorCatalogue, fieldMessages } from './errors.ts';
export type { GameCategory, GameVendor } from './games.ts';
export { categoryRoutes, gameCategories, gameVendorSchema } from './games.ts';
export type { Page, PageQuery } from './pagination.ts';
export { pageOf, pageQuerySchema, pagerItems } from './pagination.ts';
export { apiPaths } from './paths.ts';
export type { FieldProblem, PatternCheck, RegisterFieldContext } from './reg-patterns.ts';
export { patternIndex, regMessages, regPatterns, validateRegisterField } from './reg-patterns.ts';
export type {
  CountryCode,
  HelpArticle,
  Link,
  Location,
  MerchantEntry,
  MerchantTheme,
  ModuleId,
  Permission,
  PermissionInfo,
  RegisterRule,
  Resource,
  SystemStatus,
  WhitelabelNode,
} from './system.ts';
export {
  countryCodeSchema,
  helpArticleSchema,
  isModuleEnabled,
  linkSchema,
  locationSchema,
  merchantEntrySchema,
  moduleIds,
  permissionInfoSchema,
  permissionQuerySchema,
  permissionSchema,
  registerRuleSchema,
  resourceSchema,
  systemStatusSchema,
  themeSchema,
  whitelabelNodeSchema,
} from './system.ts';
