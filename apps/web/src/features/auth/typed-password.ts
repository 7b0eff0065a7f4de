/**
 * The password typed at the last login, kept in memory only (spec §4: the user info is stored with
 * the entered password), so the forced change-password dialog does not ask for it again.
 */
let typed: string | null = null;

export function rememberPassword(password: string): void {
  typed = password;
}

export function typedPassword(): string | null {
  return typed;
}

export function forgetTypedPassword(): void {
  typed = null;
}
