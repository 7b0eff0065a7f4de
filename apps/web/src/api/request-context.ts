/**
 * What every API request carries besides its own arguments: the chosen merchant and the reader's
 * language. Kept apart from React so the fetch client and the i18n module can both reach it.
 */
let language = 'EN';

/** The merchant the visitor chose (localStorage) or the one derived from their country this session. */
export function merchantCode(): string | null {
  return localStorage.getItem('merchantCode') || sessionStorage.getItem('merchantCode') || null;
}

export function requestLanguage(): string {
  return language;
}

export function setRequestLanguage(code: string): void {
  language = code;
}

/** Cache key part that changes whenever an answer could differ: merchant and language. */
export function contextKey(): string {
  return `${merchantCode() ?? '-'}|${language}`;
}

/**
 * A random id this browser keeps (localStorage) and sends as the `Device` header, so the operators'
 * login history can tell devices apart and link accounts used on the same one (decision 0048). It
 * identifies nothing else and is no credential.
 */
export function deviceId(): string {
  try {
    let id = localStorage.getItem('deviceId');
    if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
      id = crypto.randomUUID().replaceAll('-', '');
      localStorage.setItem('deviceId', id);
    }
    return id;
  } catch {
    // Storage refused (private mode, quota): no device id rather than no request.
    return '';
  }
}
