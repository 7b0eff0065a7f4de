import type { Envelope, FieldError } from '@platform/contract';

/**
 * The core of the typed API client both sites use (the player site and the back office): it builds
 * the URL, sends the site's headers, unwraps the `{ success, message, value }` envelope and turns a
 * failure into an ApiError with the server's code and message key. Each site supplies its own
 * headers (merchant, language, its own session's token) through `createApiClient`.
 */

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

export interface SendOptions {
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent form-encoded rather than as JSON (the spec's forgot-password-by-email form). */
  form?: boolean;
  /** Values of `:name` segments in the path. */
  params?: Record<string, string | number>;
}

/** The path with its `:name` segments filled in and the query string appended. */
export function urlOf(path: string, { query, params }: Pick<GetOptions, 'query' | 'params'>): string {
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

/** Fetches and unwraps one envelope; failures throw an ApiError (network ones with `networkErrorCode`). */
export async function callApi(url: string, init: RequestInit): Promise<unknown> {
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

export interface ApiClient {
  /** GETs a path and returns the envelope's value, typed by the caller from the contract. */
  get<T>(path: string, options?: GetOptions): Promise<T>;
  /** Sends a body (JSON unless `form`; none when undefined) and returns the envelope's value. */
  send<T>(path: string, body: unknown, options?: SendOptions): Promise<T>;
  /** Sends a multipart form (a file upload); POST unless the path takes another method (the feedback's PUT). */
  upload<T>(path: string, form: FormData, method?: 'POST' | 'PUT'): Promise<T>;
}

/** A client whose every request carries `headers()` (asked anew per request: the session may change). */
export function createApiClient(headers: () => Record<string, string>): ApiClient {
  const headersOf = (extra: Record<string, string> = {}) => ({ Accept: 'application/json', ...headers(), ...extra });
  return {
    async get<T>(path: string, options: GetOptions = {}) {
      return (await callApi(urlOf(path, options), { headers: headersOf(), signal: options.signal })) as T;
    },
    async send<T>(path: string, body: unknown, { method = 'POST', form, params }: SendOptions = {}) {
      const url = params ? urlOf(path, { params }) : path;
      if (body === undefined) return (await callApi(url, { method, headers: headersOf() })) as T;
      const encoded = form ? new URLSearchParams(Object.entries(body as Record<string, string>)).toString() : JSON.stringify(body);
      const type = form ? 'application/x-www-form-urlencoded' : 'application/json';
      return (await callApi(url, { method, headers: headersOf({ 'Content-Type': type }), body: encoded })) as T;
    },
    async upload<T>(path: string, form: FormData, method: 'POST' | 'PUT' = 'POST') {
      // No Content-Type: the browser sets multipart/form-data with its boundary.
      return (await callApi(path, { method, headers: headersOf(), body: form })) as T;
    },
  };
}
