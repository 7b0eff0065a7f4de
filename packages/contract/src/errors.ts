/**
 * The one catalogue of API errors: each has a stable code, an honest HTTP status and the translation
 * key the site shows. Server code throws `AppError(code)`; the site translates `message`.
 */
export const errorCatalogue = {
  APP_ERR_VALIDATION: { status: 400, message: 'error.validation' },
  APP_ERR_BAD_JSON: { status: 400, message: 'error.validation' },
  APP_ERR_NOT_FOUND: { status: 404, message: 'error.not_found' },
  APP_ERR_ROUTE_NOT_FOUND: { status: 404, message: 'error.not_found' },
  APP_ERR_MERCHANT_UNKNOWN: { status: 404, message: 'error.merchant_unknown' },
  APP_ERR_PROMOTION_NOT_FOUND: { status: 404, message: 'error.promotion_not_found' },
  APP_ERR_SYSTEM_MAINTENANCE: { status: 503, message: 'error.system_maintenance' },
  APP_ERR_REGION_RESTRICTED: { status: 403, message: 'error.ip_blocked' },
  APP_ERR_RATE_LIMITED: { status: 429, message: 'error.too_many_requests' },
  APP_ERR_PAYLOAD_TOO_LARGE: { status: 413, message: 'error.validation' },
  APP_ERR_WALLET_INSUFFICIENT_FUNDS: { status: 409, message: 'error.insufficient_funds' },
  APP_ERR_LEDGER_DUPLICATE: { status: 409, message: 'error.duplicate_transaction' },
  APP_ERR_INTERNAL: { status: 500, message: 'error.system' },
  APP_ERR_AUTH_LOGIN_FAILED: { status: 401, message: 'error.account_or_password_wrong' },
  APP_ERR_AUTH_NOT_LOGGED_IN: { status: 401, message: 'error.not_logged_in' },
  APP_ERR_AUTH_CAPTCHA_REQUIRED: { status: 400, message: 'error.please_enter_captcha' },
  APP_ERR_AUTH_CAPTCHA_WRONG: { status: 400, message: 'error.captcha_wrong' },
  APP_ERR_AUTH_BOT_CHECK_FAILED: { status: 400, message: 'error.verification_first' },
  APP_ERR_AUTH_ACCOUNT_LOCKED: { status: 423, message: 'error.account_locked' },
  APP_ERR_AUTH_MEMBER_NO_ENTER: { status: 403, message: 'member_no_enter' },
  APP_ERR_AUTH_NOT_AGENT: { status: 403, message: 'error_not_agent' },
  APP_ERR_AUTH_FEATURE_DISABLED: { status: 403, message: 'error.function_not_enabled' },
  APP_ERR_AUTH_INVITATION_CODE_INVALID: { status: 400, message: 'invitation_code_error' },
  APP_ERR_AUTH_DECRYPT_FAILED: { status: 400, message: 'error.validation' },
  APP_ERR_AUTH_OLD_PASSWORD_WRONG: { status: 400, message: 'error.old_password_wrong' },
  APP_ERR_AUTH_RESET_TOKEN_INVALID: { status: 400, message: 'error.reset_link_invalid' },
  APP_ERR_MEMBER_TRIAL: { status: 403, message: 'please_create_real_account' },
  APP_ERR_MEMBER_ACCOUNT_TAKEN: { status: 409, message: 'error.account_taken' },
  APP_ERR_MEMBER_MOBILE_TAKEN: { status: 409, message: 'error.mobile_taken' },
  APP_ERR_MEMBER_USERNAME_EMAIL_NOT_FOUND: { status: 404, message: 'error.username_email_not_exist' },
  APP_ERR_VERIFICATION_CODE_INVALID: { status: 400, message: 'error.verification_code_invalid' },
  APP_ERR_VERIFICATION_TOO_SOON: { status: 429, message: 'error.sms_too_soon' },
  APP_ERR_VERIFICATION_TOO_MANY: { status: 429, message: 'error.phone_too_many_requests' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

/** Field-level message keys used by validation. */
export const fieldMessages = {
  required: 'validation.required',
  invalid: 'validation.invalid',
  tooSmall: 'validation.too_small',
  tooBig: 'validation.too_big',
  notInteger: 'validation.not_integer',
  unknownValue: 'validation.unknown_value',
} as const;
