import { apiPaths } from '@platform/contract';
import { ApiError, apiGet, apiSend } from './client.ts';
import { endSession, sessionToken, storeMemberInfo } from './session.ts';

/** App start with a session: the member info loads; a token the server no longer knows ends the session. */
export async function resumeSession(): Promise<void> {
  if (!sessionToken()) return;
  try {
    storeMemberInfo(await apiGet(apiPaths.memberInfo));
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) endSession();
  }
}

/** Logout: the server ends the session (a failure there still logs out here), then session storage is cleared. */
export async function logout(): Promise<void> {
  try {
    await apiSend(apiPaths.logout, undefined, { method: 'DELETE' });
  } catch {
    // The session ends on this side whatever the server answered; it expires there by itself.
  }
  endSession();
}
