import { createApiClient, type GetOptions, type SendOptions } from '@platform/api-client';
import type {
  AltchaChallenge,
  Announcements,
  apiPaths,
  Banner,
  Captcha,
  CountryCode,
  GameVendor,
  HelpArticle,
  LoginHistory,
  MemberInfo,
  MerchantEntry,
  Permission,
  Promotion,
  PublicKey,
  RegisterRule,
  SecurityOverview,
  SystemStatus,
  WalletBalance,
  WhitelabelNode,
} from '@platform/contract';
import { deviceId, merchantCode, requestLanguage } from './request-context.ts';
import { sessionToken } from './session.ts';

type Paths = typeof apiPaths;

/** What each API path answers with once the envelope is unwrapped, by the path's name in apiPaths. */
interface ValueByName {
  systemStatus: SystemStatus;
  permission: Permission;
  whitelabel: WhitelabelNode[];
  registerSettings: RegisterRule[];
  domainRoute: MerchantEntry[];
  countryCodes: CountryCode[];
  helpCenter: HelpArticle[];
  announcements: Announcements;
  banners: Banner[];
  promotions: Promotion[];
  promotionDetail: Promotion;
  gameVendors: GameVendor[];
  publicKey: PublicKey;
  captcha: Captcha;
  altchaChallenge: AltchaChallenge;
  memberInfo: MemberInfo;
  securityOverview: SecurityOverview;
  loginHistory: LoginHistory;
  sumBalance: WalletBalance;
}

/** The value type of every API path; a path added to the contract without a value type fails to compile here. */
export type ApiValues = { [K in keyof ValueByName as Paths[K]]: ValueByName[K] };
export type ApiPath = keyof ApiValues;

export { ApiError, type FieldIssue, type GetOptions, networkErrorCode, type SendOptions } from '@platform/api-client';

function headersOf(): Record<string, string> {
  const headers: Record<string, string> = { Language: requestLanguage() };
  const merchant = merchantCode();
  if (merchant) headers.Merchant = merchant;
  const token = sessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const device = deviceId();
  if (device) headers.Device = device;
  return headers;
}

/** The player site's client: the core shared with the back office (packages/api-client) with this site's headers. */
const client = createApiClient(headersOf);

/** GETs one API path and returns the envelope's value, or throws an ApiError carrying its code and message key. */
export async function apiGet<P extends ApiPath>(path: P, options: GetOptions = {}): Promise<ApiValues[P]> {
  return client.get<ApiValues[P]>(path, options);
}

/** GETs a path a feature's contract module declares (outside apiPaths), typed by the caller from that module. */
export async function apiGetAt<T>(path: string, options: GetOptions = {}): Promise<T> {
  return client.get<T>(path, options);
}

/**
 * Sends a body to an API path (JSON unless `form`) and returns the envelope's value typed as the
 * caller expects; failures throw an ApiError as for apiGet. The session token goes along when there is one.
 */
export async function apiSend<T>(path: string, body: unknown, options: SendOptions = {}): Promise<T> {
  return client.send<T>(path, body, options);
}

/** Sends a multipart form (a file upload) to an API path; failures throw an ApiError as for apiSend. */
export async function apiUpload<T>(path: string, form: FormData, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
  return client.upload<T>(path, form, method);
}
