import { agentTypes, type LoginAnswer, type MemberInfo, memberTypes } from '@platform/contract';
import { useSyncExternalStore } from 'react';
import { forgetPasswordCookies } from '../features/auth/remember.ts';

/**
 * The player's session, kept in sessionStorage under the spec's keys (token, account, username,
 * nickname, customerId, isAgent, toUpline, memberLabel, cpw) so that it ends with the tab, and
 * mirrored in memory for React. Outside React so the fetch client can read the token.
 */
export interface Session {
  token: string;
  account: string;
  nickname: string;
  /** Account type, the spec's isAgent: 0 player, 4 trial, 1/2/41/42 agents. */
  isAgent: number;
  /** Filled once member info has loaded. */
  info: MemberInfo | null;
}

const keys = ['token', 'account', 'username', 'nickname', 'customerId', 'isAgent', 'toUpline', 'memberLabel', 'cpw', 'memberInfo'] as const;
/** Keys that survive a logout: the visitor's chosen merchant and platform. */
const merchantKeys = ['merchantCode', 'merchant', 'platform'] as const;

const listeners = new Set<() => void>();
let current: Session | null = read();
// A visit starts here: a password an earlier version of the site left in a cookie goes now (decision 0011).
forgetPasswordCookies();

function read(): Session | null {
  // Outside a browser (a unit test on Node 20, which has no Web Storage) there is no session.
  if (typeof sessionStorage === 'undefined') return null;
  const token = sessionStorage.getItem('token');
  if (!token) return null;
  let info: MemberInfo | null = null;
  try {
    info = JSON.parse(sessionStorage.getItem('memberInfo') ?? 'null') as MemberInfo | null;
  } catch {
    info = null;
  }
  return {
    token,
    account: sessionStorage.getItem('account') ?? '',
    nickname: sessionStorage.getItem('nickname') ?? '',
    isAgent: Number(sessionStorage.getItem('isAgent') ?? 0),
    info,
  };
}

function publish(): void {
  current = read();
  for (const listener of listeners) listener();
}

/** The bearer token of the session, or null when logged out. */
export function sessionToken(): string | null {
  return current?.token ?? null;
}

export function currentSession(): Session | null {
  return current;
}

/** Stores a fresh login (or registration) answer: the reader is logged in from now on. */
export function startSession(answer: Pick<LoginAnswer, 'token' | 'userName' | 'nickname' | 'isAgent'>): void {
  sessionStorage.setItem('token', answer.token);
  sessionStorage.setItem('account', answer.userName);
  sessionStorage.setItem('username', answer.userName);
  sessionStorage.setItem('nickname', answer.nickname);
  sessionStorage.setItem('isAgent', String(answer.isAgent));
  sessionStorage.removeItem('memberInfo');
  publish();
}

/** A token handed over in the URL query: it becomes the session, the member info fills in the rest. */
export function adoptToken(token: string): void {
  for (const key of keys) sessionStorage.removeItem(key);
  sessionStorage.setItem('token', token);
  publish();
}

/** Stores the member info read after login or at start. */
export function storeMemberInfo(info: MemberInfo): void {
  if (!sessionStorage.getItem('token')) return;
  sessionStorage.setItem('account', info.account);
  sessionStorage.setItem('username', info.account);
  sessionStorage.setItem('nickname', info.nickname);
  sessionStorage.setItem('customerId', String(info.id));
  sessionStorage.setItem('isAgent', String(info.type));
  sessionStorage.setItem('toUpline', info.toUpline);
  sessionStorage.setItem('memberLabel', JSON.stringify(info.memberLabel));
  sessionStorage.setItem('cpw', info.cpw ? '1' : '0');
  sessionStorage.setItem('memberInfo', JSON.stringify(info));
  publish();
}

/**
 * Ends the session on this side: session storage is cleared except the merchant keys, which are
 * put back, so the visitor stays on the merchant they chose.
 */
export function endSession(): void {
  const kept = merchantKeys.map((k) => [k, sessionStorage.getItem(k)] as const);
  sessionStorage.clear();
  for (const [k, v] of kept) if (v !== null) sessionStorage.setItem(k, v);
  publish();
}

export function useSession(): Session | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}

export const isTrial = (session: Session | null) => session?.isAgent === memberTypes.trial;
export const isAgentAccount = (session: Session | null) => session !== null && agentTypes.includes(session.isAgent);
