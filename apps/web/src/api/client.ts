import type {
  AltchaChallenge,
  Announcements,
  apiPaths,
  Banner,
  Captcha,
  CountryCode,
  Envelope,
  FieldError,
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
import { merchantCode, requestLanguage } from './request-context.ts';
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

/** Code of failures that never reached the server or got no envelope back. */
export const networkErrorCode = 'APP_ERR_NETWORK';

/** A field error; pattern messages carry their {min, max, range} substitutions. */
export type FieldIssue = FieldError & { params?: Record<string, string | number> };

/** A failed call: `message` is a translation key, `code` the server's stable code, `fields` per-field keys. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldIssue[] = [],
    /** The envelope's value on failure, e.g. `{ captchaRequired: true }`. */
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface GetOptions {
  /** Query string parameters; undefined values are left out. */
  query?: Record<string, string | number | undefined>;
  /** Values of `:name` segments in the path. */
  params?: Record<string, string | number>;
  signal?: AbortSignal;
}

function urlOf(path: string, { query, params }: GetOptions): string {
  let url = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
  const qs = search.toString();
  if (qs) url += `?${qs}`;
  return url;
}

function fieldsOf(value: unknown): FieldIssue[] {
  if (value && typeof value === 'object' && 'fields' in value && Array.isArray(value.fields)) return value.fields as FieldIssue[];
  return [];
}

function headersOf(extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', Language: requestLanguage(), ...extra };
  const merchant = merchantCode();
  if (merchant) headers.Merchant = merchant;
  const token = sessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

async function call(url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, networkErrorCode, 'error.network');
  }
  let body: Envelope<unknown>;
  try {
    body = (await response.json()) as Envelope<unknown>;
  } catch {
    throw new ApiError(response.status, networkErrorCode, response.status >= 500 ? 'error.system' : 'error.network');
  }
  if (!body.success) {
    const detail = body.value && typeof body.value === 'object' ? (body.value as Record<string, unknown>) : {};
    throw new ApiError(response.status, body.code ?? 'APP_ERR_INTERNAL', body.message || 'error.system', fieldsOf(body.value), detail);
  }
  return body.value;
}

/** GETs one API path and returns the envelope's value, or throws an ApiError carrying its code and message key. */
export async function apiGet<P extends ApiPath>(path: P, options: GetOptions = {}): Promise<ApiValues[P]> {
  return (await call(urlOf(path, options), { headers: headersOf(), signal: options.signal })) as ApiValues[P];
}

/** GETs a path a feature's contract module declares (outside apiPaths), typed by the caller from that module. */
export async function apiGetAt<T>(path: string, options: GetOptions = {}): Promise<T> {
  return (await call(urlOf(path, options), { headers: headersOf(), signal: options.signal })) as T;
}

export interface SendOptions {
  method?: 'POST' | 'PUT' | 'DELETE';
  /** Sent form-encoded rather than as JSON (the spec's forgot-password-by-email form). */
  form?: boolean;
}

/**
 * Sends a body to an API path (JSON unless `form`) and returns the envelope's value typed as the
 * caller expects; failures throw an ApiError as for apiGet. The session token goes along when there is one.
 */
export async function apiSend<T>(path: string, body: unknown, { method = 'POST', form }: SendOptions = {}): Promise<T> {
  if (body === undefined) return (await call(path, { method, headers: headersOf() })) as T;
  const encoded = form ? new URLSearchParams(Object.entries(body as Record<string, string>)).toString() : JSON.stringify(body);
  const type = form ? 'application/x-www-form-urlencoded' : 'application/json';
  return (await call(path, { method, headers: headersOf({ 'Content-Type': type }), body: encoded })) as T;
}

/** Sends a multipart form (a file upload) to an API path; failures throw an ApiError as for apiSend. */
export async function apiUpload<T>(path: string, form: FormData): Promise<T> {
  // No Content-Type: the browser sets multipart/form-data with its boundary.
  return (await call(path, { method: 'POST', headers: headersOf(), body: form })) as T;
}
