import type { SignIn, SignInStep } from '@platform/contract';
import { useSyncExternalStore } from 'react';

/**
 * The operator's sign-in, kept in sessionStorage (it ends with the tab) and mirrored in memory for
 * React; outside React so the API client can read the token. Never the player site's keys: the two
 * sites share an origin, and an operator's token must not be a player's.
 */
export interface AdminSession {
  token: string;
  step: SignInStep;
  expiresAt: number;
}

const key = 'adminSession';
const listeners = new Set<() => void>();
let current: AdminSession | null = read();

function read(): AdminSession | null {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? 'null') as AdminSession | null;
  } catch {
    return null;
  }
}

function publish(next: AdminSession | null): void {
  if (next) sessionStorage.setItem(key, JSON.stringify(next));
  else sessionStorage.removeItem(key);
  current = next;
  for (const listener of listeners) listener();
}

export const sessionToken = (): string | null => current?.token ?? null;
export const currentSession = (): AdminSession | null => current;

/** A password accepted: the token and the step the sign-in still needs. */
export function startSession(answer: SignIn): void {
  publish({ token: answer.token, step: answer.step, expiresAt: answer.expiresAt });
}

/** A step taken: same token, next step. */
export function advanceSession(step: SignInStep): void {
  if (current) publish({ ...current, step });
}

/** Why the last session ended, shown on the sign-in page once. */
export type EndReason = 'signed_out' | 'idle' | 'expired';
let lastReason: EndReason | null = null;

export function endSession(reason: EndReason = 'signed_out'): void {
  lastReason = reason;
  publish(null);
}

/** The reason the last session ended (read once). */
export function takeEndReason(): EndReason | null {
  const reason = lastReason;
  lastReason = null;
  return reason;
}

export function useSession(): AdminSession | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
