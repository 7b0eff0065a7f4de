import { ApiError, createApiClient } from '@platform/api-client';
import { endSession, sessionToken } from './session.ts';

export { ApiError } from '@platform/api-client';

let language = 'EN';
export const setRequestLanguage = (code: string) => {
  language = code;
};

const core = createApiClient(() => {
  const headers: Record<string, string> = { Language: language };
  const token = sessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
});

/** A refused credential (expired, idle, revoked, or the operator disabled) ends the sign-in here too. */
async function guarded<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && err.code !== 'APP_ERR_OPERATOR_LOGIN_FAILED' && sessionToken())
      endSession('expired');
    throw err;
  }
}

/** The back office's client: the shared core (packages/api-client) with the operator's token. */
export const api = {
  get: <T>(...args: Parameters<typeof core.get>) => guarded(core.get<T>(...args)),
  send: <T>(...args: Parameters<typeof core.send>) => guarded(core.send<T>(...args)),
};
