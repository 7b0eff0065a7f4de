import type {
  Announcements,
  apiPaths,
  Banner,
  CountryCode,
  Envelope,
  FieldError,
  GameVendor,
  HelpArticle,
  MerchantEntry,
  Permission,
  Promotion,
  RegisterRule,
  SystemStatus,
  WhitelabelNode,
} from '@platform/contract';
import { merchantCode, requestLanguage } from './request-context.ts';

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
}

/** The value type of every API path; a path added to the contract without a value type fails to compile here. */
export type ApiValues = { [K in keyof ValueByName as Paths[K]]: ValueByName[K] };
export type ApiPath = keyof ApiValues;

/** Code of failures that never reached the server or got no envelope back. */
export const networkErrorCode = 'APP_ERR_NETWORK';

/** A failed call: `message` is a translation key, `code` the server's stable code, `fields` per-field keys. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldError[] = [],
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

function fieldsOf(value: unknown): FieldError[] {
  if (value && typeof value === 'object' && 'fields' in value && Array.isArray(value.fields)) return value.fields as FieldError[];
  return [];
}

/** GETs one API path and returns the envelope's value, or throws an ApiError carrying its code and message key. */
export async function apiGet<P extends ApiPath>(path: P, options: GetOptions = {}): Promise<ApiValues[P]> {
  const headers: Record<string, string> = { Accept: 'application/json', Language: requestLanguage() };
  const merchant = merchantCode();
  if (merchant) headers.Merchant = merchant;
  let response: Response;
  try {
    response = await fetch(urlOf(path, options), { headers, signal: options.signal });
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
    throw new ApiError(response.status, body.code ?? 'APP_ERR_INTERNAL', body.message || 'error.system', fieldsOf(body.value));
  }
  return body.value as ApiValues[P];
}
