/**
 * Remembered-login cookies (spec §3): the last user under `<merchant>-login`, the password under the
 * user name, a remember flag, and the SMS login record; each lives one day.
 */
export const rememberMs = 86_400_000;

function setCookie(name: string, value: string, ms: number): void {
  const expires = new Date(Date.now() + ms).toUTCString();
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the remembered login in cookies; the Cookie Store API is not in every browser we serve
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Strict`;
}

function getCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

const removeCookie = (name: string) => setCookie(name, '', -1);

export interface RememberedLogin {
  username: string;
  password: string;
}

export interface RememberedSms {
  mobileNum: string;
  countryDialingCode: string;
}

const userKey = (merchant: string) => `${merchant}-login`;

/** What the login form starts with: the remembered user and password, when remembering is on. */
export function rememberedLogin(merchant: string): RememberedLogin | null {
  if (getCookie('remember') !== '1') return null;
  const username = getCookie(userKey(merchant));
  if (!username) return null;
  return { username, password: getCookie(username) ?? '' };
}

/** After a successful login: remember the user and password for a day, or forget them. */
export function rememberLogin(merchant: string, login: RememberedLogin, remember: boolean): void {
  const previous = getCookie(userKey(merchant));
  if (previous) removeCookie(previous);
  if (!remember) {
    removeCookie(userKey(merchant));
    removeCookie('remember');
    return;
  }
  setCookie('remember', '1', rememberMs);
  setCookie(userKey(merchant), login.username, rememberMs);
  setCookie(login.username, login.password, rememberMs);
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
