/**
 * Remembered-login cookies (spec §3): the last user under `<merchant>-login`, a remember flag, and
 * the SMS login record; each lives one day. The spec's password cookie (the password under the user
 * name) is never written: a cookie is readable by any script on the page and travels with every
 * request, so "Remember password" remembers the user name only (decision 0011). A password cookie
 * written by an earlier version of the site is deleted on the next visit (`forgetPasswordCookies`).
 */
export const rememberMs = 86_400_000;

function setCookie(name: string, value: string, ms: number): void {
  const expires = new Date(Date.now() + ms).toUTCString();
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the remembered login in cookies; the Cookie Store API is not in every browser we serve
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Strict`;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Every cookie of the page, decoded. */
function cookies(): [string, string][] {
  return document.cookie
    .split(';')
    .map((part) => part.trim())
    .filter((item) => item.includes('='))
    .map((item) => {
      const at = item.indexOf('=');
      return [decode(item.slice(0, at)), decode(item.slice(at + 1))];
    });
}

const getCookie = (name: string): string | null => cookies().find(([n]) => n === name)?.[1] ?? null;

const removeCookie = (name: string) => setCookie(name, '', -1);

export interface RememberedSms {
  mobileNum: string;
  countryDialingCode: string;
}

const userKey = (merchant: string) => `${merchant}-login`;
/** Names the remembered login uses for itself: never a user's password cookie. */
const ownName = (name: string) => name === 'remember' || name === 'smsLogin' || name.endsWith('-login');

/** The user name the login form starts with, when remembering is on. */
export function rememberedUser(merchant: string): string | null {
  if (getCookie('remember') !== '1') return null;
  return getCookie(userKey(merchant)) || null;
}

/** After a successful login: remember the user name for a day, or forget it. */
export function rememberLogin(merchant: string, username: string, remember: boolean): void {
  if (!remember) {
    removeCookie(userKey(merchant));
    removeCookie('remember');
    return;
  }
  setCookie('remember', '1', rememberMs);
  setCookie(userKey(merchant), username, rememberMs);
}

/**
 * Deletes the password cookies earlier versions of the site wrote: each one is named by a remembered
 * user (`<merchant>-login`). The user names stay remembered.
 */
export function forgetPasswordCookies(): void {
  if (typeof document === 'undefined') return;
  for (const [name, user] of cookies()) {
    if (name.endsWith('-login') && user && !ownName(user)) removeCookie(user);
  }
}

export function rememberedSms(): RememberedSms | null {
  try {
    const value = JSON.parse(getCookie('smsLogin') ?? 'null') as RememberedSms | null;
    return value && typeof value.mobileNum === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function rememberSms(record: RememberedSms): void {
  setCookie('smsLogin', JSON.stringify(record), rememberMs);
}
