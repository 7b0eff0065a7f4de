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
  /** A request that needs work of the platform to be current (a ledger-feed consumer) found it held up: try again. */
  APP_ERR_SYSTEM_BUSY: { status: 503, message: 'error.system_busy' },
  APP_ERR_REGION_RESTRICTED: { status: 403, message: 'error.ip_blocked' },
  APP_ERR_RATE_LIMITED: { status: 429, message: 'error.too_many_requests' },
  APP_ERR_PAYLOAD_TOO_LARGE: { status: 413, message: 'error.validation' },
  APP_ERR_HEADERS_TOO_LARGE: { status: 431, message: 'error.validation' },
  APP_ERR_REQUEST_TIMEOUT: { status: 408, message: 'error.system' },
  APP_ERR_WALLET_INSUFFICIENT_FUNDS: { status: 409, message: 'error.insufficient_funds' },
  /** The stake gate: the member's account may not stake now (an operator's restriction). */
  APP_ERR_STAKE_PLAY_BLOCKED: { status: 403, message: 'error.play_blocked' },
  /** An operator switched the member's login off (decision 0048): no login, every session ended. */
  APP_ERR_AUTH_LOGIN_BLOCKED: { status: 403, message: 'error.login_blocked' },
  /** An operator switched the member's deposits off. */
  APP_ERR_PAYMENT_DEPOSIT_BLOCKED: { status: 403, message: 'error.deposit_blocked' },
  /** An operator switched the member's withdrawals off. */
  APP_ERR_PAYMENT_WITHDRAW_BLOCKED: { status: 403, message: 'error.withdraw_blocked' },
  /** A password reset needs a mobile number or an e-mail address of the player to send the temporary password to. */
  APP_ERR_MEMBER_NO_CONTACT: { status: 409, message: 'error.member_no_contact' },
  /**
   * The stake gate: the stake would pass one of the member's own wager limits (day, week, month).
   * Value: { limit: 'wager', period, remaining (amount still allowed), resetsAt (ISO instant) }.
   */
  APP_ERR_STAKE_WAGER_LIMIT: { status: 409, message: 'error.wager_limit' },
  /** The stake gate: losing the stake would pass one of the member's loss limits. Value as for the wager limit, limit 'loss'. */
  APP_ERR_STAKE_LOSS_LIMIT: { status: 409, message: 'error.loss_limit' },
  /** The stake gate: the member is in a cool-off or self-exclusion. Value: { until (ISO instant, null: indefinite) }. */
  APP_ERR_STAKE_EXCLUDED: { status: 403, message: 'error.self_excluded' },
  /** The stake gate: the stake is above the max bet of a bonus still wagering. Value: { maxBet }. */
  APP_ERR_STAKE_MAX_BET: { status: 409, message: 'error.max_bet_while_wagering' },
  /** Promotions (decision 0030): the promotion asks for a qualifying deposit first (first deposit, reload). */
  APP_ERR_PROMOTION_DEPOSIT_NEEDED: { status: 409, message: 'error.promotion_deposit_needed' },
  /** The member does not meet the promotion's conditions (deposit too small, claim window passed, paid automatically). Value: { reason }. */
  APP_ERR_PROMOTION_NOT_ELIGIBLE: { status: 409, message: 'error.promotion_not_eligible' },
  /** The promotion was already claimed by this member for this period (also by a concurrent claim). */
  APP_ERR_PROMOTION_ALREADY_CLAIMED: { status: 409, message: 'error.promotion_already_claimed' },
  /** The promotion is switched off, not started or ended. */
  APP_ERR_PROMOTION_CLOSED: { status: 409, message: 'error.promotion_closed' },
  /** The merchant's market forbids this kind of promotion (Brazil: no bonus before a bet, Lei 14.790/2023 art. 29). */
  APP_ERR_PROMOTION_MARKET_BANNED: { status: 403, message: 'error.promotion_market_banned' },
  /** Responsible gaming: login, deposit or registration while (or as someone) cooling off or self-excluded. Value: { kind, until (epoch ms, null: indefinite) }. */
  APP_ERR_RG_EXCLUDED: { status: 403, message: 'error.self_excluded' },
  /** The deposit would pass a deposit limit. Value: { limit: 'deposit', period, remaining, resetsAt }. */
  APP_ERR_RG_DEPOSIT_LIMIT: { status: 409, message: 'error.deposit_limit' },
  /** The member's session-time limit is used up: no login until it resets. Value: { limit: 'session', period, remaining: 0, resetsAt }. */
  APP_ERR_RG_SESSION_LIMIT: { status: 403, message: 'error.session_limit' },
  /** A raised or removed limit confirmed before its cooling period has passed. Value: { from (epoch ms) }. */
  APP_ERR_RG_COOLING: { status: 409, message: 'error.limit_cooling' },
  /** The merchant's market requires a verified identity (KYC approved) before a withdrawal. Value: { status } (none, pending, rejected). */
  APP_ERR_KYC_REQUIRED: { status: 403, message: 'error.kyc_required' },
  /** The verification cannot change in its state: sending without the required documents, or deciding one that is not pending. */
  APP_ERR_KYC_STATE: { status: 409, message: 'error.kyc_state' },
  APP_ERR_LEDGER_DUPLICATE: { status: 409, message: 'error.duplicate_transaction' },
  /** Maker-checker of manual adjustments (decision 0047): no adjustment request has this id. */
  APP_ERR_LEDGER_ADJUSTMENT_UNKNOWN: { status: 404, message: 'error.adjustment_unknown' },
  /** The adjustment request was already approved or rejected. Value: { status }. */
  APP_ERR_LEDGER_ADJUSTMENT_STATE: { status: 409, message: 'error.adjustment_state' },
  /** The operator who asked for an adjustment cannot approve it, whatever their role: a second operator must. */
  APP_ERR_LEDGER_ADJUSTMENT_SAME_OPERATOR: { status: 403, message: 'error.adjustment_same_operator' },
  /** Points and the points mall are switched off for the merchant. */
  APP_ERR_POINTS_DISABLED: { status: 403, message: 'error.points_disabled' },
  /** A conversion or redemption above the member's spendable points. */
  APP_ERR_POINTS_INSUFFICIENT: { status: 409, message: 'error.points_insufficient' },
  APP_ERR_MALL_ITEM_UNKNOWN: { status: 404, message: 'error.mall_item_unknown' },
  APP_ERR_MALL_OUT_OF_STOCK: { status: 409, message: 'error.mall_out_of_stock' },
  APP_ERR_MISSION_UNKNOWN: { status: 404, message: 'error.mission_unknown' },
  /** The mission's target is not reached in this period yet. */
  APP_ERR_MISSION_NOT_COMPLETE: { status: 409, message: 'error.mission_not_complete' },
  APP_ERR_MISSION_ALREADY_CLAIMED: { status: 409, message: 'error.mission_already_claimed' },
  APP_ERR_CHECKIN_DISABLED: { status: 403, message: 'error.checkin_disabled' },
  /** Already checked in today (the merchant's day). */
  APP_ERR_CHECKIN_DONE: { status: 409, message: 'error.checkin_done' },
  /** A check-in needs a bet or a deposit today. */
  APP_ERR_CHECKIN_NOT_ELIGIBLE: { status: 409, message: 'error.checkin_not_eligible' },
  APP_ERR_ENVELOPE_ROUND_UNKNOWN: { status: 404, message: 'error.envelope_round_unknown' },
  /** The round's window is not open (not yet, or over). */
  APP_ERR_ENVELOPE_CLOSED: { status: 409, message: 'error.envelope_closed' },
  /** An envelope needs a bet on the merchant's day. */
  APP_ERR_ENVELOPE_NOT_ELIGIBLE: { status: 409, message: 'error.envelope_not_eligible' },
  APP_ERR_ENVELOPE_ALREADY_OPENED: { status: 409, message: 'error.envelope_already_opened' },
  /** Every envelope of the round is taken. */
  APP_ERR_ENVELOPE_EMPTY: { status: 409, message: 'error.envelope_empty' },
  /** A mission or reward the merchant's market forbids (Brazil: no advantage before a bet). */
  APP_ERR_REWARD_MARKET_BANNED: { status: 403, message: 'error.reward_market_banned' },
  /** More units of an item than the member may redeem in a day. Field params: { limit }. */
  APP_ERR_MALL_DAILY_LIMIT: { status: 409, message: 'error.mall_daily_limit' },
  APP_ERR_MALL_REDEMPTION_UNKNOWN: { status: 404, message: 'error.mall_redemption_unknown' },
  /** An operator's decision on a redemption not in the state it needs. Value: { status }. */
  APP_ERR_MALL_REDEMPTION_STATE: { status: 409, message: 'error.mall_redemption_state' },
  APP_ERR_INTERNAL: { status: 500, message: 'error.system' },
  APP_ERR_LOTTERY_DRAW_UNKNOWN: { status: 404, message: 'error.lottery_draw_unknown' },
  APP_ERR_LOTTERY_RESULT_STATE: { status: 409, message: 'error.lottery_result_state' },
  APP_ERR_LOTTERY_RESULT_MISMATCH: { status: 409, message: 'error.lottery_result_mismatch' },
  APP_ERR_LOTTERY_SAME_OPERATOR: { status: 403, message: 'error.lottery_second_operator_needed' },
  APP_ERR_LOTTERY_CLOSED: { status: 409, message: 'error.lottery_issue_closed' },
  APP_ERR_LOTTERY_GAME_UNKNOWN: { status: 404, message: 'error.lottery_game_unknown' },
  APP_ERR_LOTTERY_NUMBER_LIMIT: { status: 409, message: 'error.lottery_number_limit' },
  APP_ERR_LOTTERY_DRAW_LIMIT: { status: 409, message: 'error.lottery_draw_limit' },
  APP_ERR_CRASH_BETTING_CLOSED: { status: 409, message: 'error.crash_betting_closed' },
  APP_ERR_CRASH_ALREADY_BET: { status: 409, message: 'error.crash_already_bet' },
  APP_ERR_CRASH_NO_BET: { status: 409, message: 'error.crash_no_bet' },
  APP_ERR_CRASH_TOO_LATE: { status: 409, message: 'error.crash_too_late' },
  APP_ERR_GAME_NOT_FOUND: { status: 404, message: 'error.game_not_found' },
  APP_ERR_GAME_MAINTENANCE: { status: 409, message: 'error.game_maintenance' },
  APP_ERR_GAME_NOT_CONFIGURED: { status: 409, message: 'error.game_vendor_not_configured' },
  APP_ERR_SEAMLESS_SIGNATURE: { status: 401, message: 'error.seamless_invalid_signature' },
  APP_ERR_SEAMLESS_PROVIDER_UNKNOWN: { status: 401, message: 'error.seamless_provider_unknown' },
  APP_ERR_SEAMLESS_TOKEN_INVALID: { status: 401, message: 'error.seamless_invalid_token' },
  APP_ERR_SEAMLESS_TOKEN_EXPIRED: { status: 401, message: 'error.seamless_token_expired' },
  APP_ERR_SEAMLESS_PLAYER_UNKNOWN: { status: 404, message: 'error.seamless_player_unknown' },
  APP_ERR_SEAMLESS_PLAYER_DISABLED: { status: 403, message: 'error.seamless_player_disabled' },
  APP_ERR_SEAMLESS_GAME_INVALID: { status: 404, message: 'error.seamless_invalid_game' },
  APP_ERR_SEAMLESS_CURRENCY: { status: 400, message: 'error.seamless_wrong_currency' },
  APP_ERR_SEAMLESS_BET_CANCELLED: { status: 409, message: 'error.seamless_bet_cancelled' },
  APP_ERR_SEAMLESS_BET_SETTLED: { status: 409, message: 'error.seamless_bet_settled' },
  APP_ERR_SEAMLESS_ROUND_UNKNOWN: { status: 404, message: 'error.seamless_round_unknown' },
  APP_ERR_SEAMLESS_TRANSACTION_UNKNOWN: { status: 404, message: 'error.seamless_transaction_unknown' },
  APP_ERR_AUTH_LOGIN_FAILED: { status: 401, message: 'error.account_or_password_wrong' },
  APP_ERR_AUTH_NOT_LOGGED_IN: { status: 401, message: 'error.not_logged_in' },
  APP_ERR_AUTH_CAPTCHA_REQUIRED: { status: 400, message: 'error.please_enter_captcha' },
  APP_ERR_AUTH_CAPTCHA_WRONG: { status: 400, message: 'error.captcha_wrong' },
  APP_ERR_AUTH_BOT_CHECK_FAILED: { status: 400, message: 'error.verification_first' },
  APP_ERR_AUTH_ACCOUNT_LOCKED: { status: 423, message: 'error.account_locked' },
  APP_ERR_AUTH_MEMBER_NO_ENTER: { status: 403, message: 'member_no_enter' },
  APP_ERR_AUTH_SECOND_STEP: { status: 403, message: 'error.second_step_required' },
  APP_ERR_AUTH_CHALLENGE_INVALID: { status: 400, message: 'error.second_step_expired' },
  APP_ERR_AUTH_TOTP_STATE: { status: 409, message: 'error.totp_state' },
  APP_ERR_AUTH_NOT_AGENT: { status: 403, message: 'error_not_agent' },
  /** Agent centre: the same answer for an account of another team, another merchant or none, so nothing outside the team can be probed. */
  APP_ERR_AGENT_NOT_IN_TEAM: { status: 404, message: 'error.agent_not_in_team' },
  APP_ERR_AGENT_NOT_DIRECT: { status: 403, message: 'error.agent_not_direct' },
  APP_ERR_AGENT_PRIZE_GROUP_TOO_HIGH: { status: 400, message: 'error.agent_prize_group_too_high' },
  APP_ERR_AGENT_PRIZE_GROUP_BELOW_TEAM: { status: 400, message: 'error.agent_prize_group_below_team' },
  APP_ERR_AGENT_PROMO_LINK_LIMIT: { status: 409, message: 'error.agent_promo_link_limit' },
  APP_ERR_AGENT_PROMO_LINK_UNKNOWN: { status: 404, message: 'error.agent_promo_link_unknown' },
  APP_ERR_AGENT_CONTRACT_PENDING: { status: 409, message: 'error.agent_contract_pending' },
  APP_ERR_AGENT_CONTRACT_REQUIRED: { status: 403, message: 'error.agent_contract_required' },
  APP_ERR_AGENT_CONTRACT_RATIO_TOO_HIGH: { status: 400, message: 'error.agent_contract_ratio_too_high' },
  APP_ERR_AGENT_CONTRACT_TIERS: { status: 400, message: 'error.agent_contract_tiers' },
  APP_ERR_AGENT_CONTRACT_UNKNOWN: { status: 404, message: 'error.agent_contract_unknown' },
  APP_ERR_AGENT_CONTRACT_STATE: { status: 409, message: 'error.agent_contract_state' },
  APP_ERR_AGENT_BILL_UNKNOWN: { status: 404, message: 'error.agent_bill_unknown' },
  /** Money out of an agent (transfer, withdrawal) while it owes its downlines on salary or dividend bills. Value: { owed, currency, fields }. */
  APP_ERR_AGENT_OWES_DOWNLINES: { status: 409, message: 'error.agent_owes_downlines' },
  APP_ERR_AUTH_FEATURE_DISABLED: { status: 403, message: 'error.function_not_enabled' },
  APP_ERR_AUTH_INVITATION_CODE_INVALID: { status: 400, message: 'invitation_code_error' },
  APP_ERR_AUTH_DECRYPT_FAILED: { status: 400, message: 'error.validation' },
  APP_ERR_AUTH_OLD_PASSWORD_WRONG: { status: 400, message: 'error.old_password_wrong' },
  APP_ERR_AUTH_RESET_TOKEN_INVALID: { status: 400, message: 'error.reset_link_invalid' },
  APP_ERR_MEMBER_TRIAL: { status: 403, message: 'please_create_real_account' },
  APP_ERR_MEMBER_ACCOUNT_TAKEN: { status: 409, message: 'error.account_taken' },
  APP_ERR_MEMBER_MOBILE_TAKEN: { status: 409, message: 'error.mobile_taken' },
  /** Another account of the merchant has this CPF. Field: cpf. */
  APP_ERR_MEMBER_CPF_TAKEN: { status: 409, message: 'error.cpf_taken' },
  APP_ERR_MEMBER_USERNAME_EMAIL_NOT_FOUND: { status: 404, message: 'error.username_email_not_exist' },
  APP_ERR_VERIFICATION_CODE_INVALID: { status: 400, message: 'error.verification_code_invalid' },
  APP_ERR_VERIFICATION_TOO_SOON: { status: 429, message: 'error.sms_too_soon' },
  APP_ERR_VERIFICATION_TOO_MANY: { status: 429, message: 'error.phone_too_many_requests' },
  APP_ERR_WALLET_VENDOR_UNKNOWN: { status: 404, message: 'error.wallet_vendor_unknown' },
  APP_ERR_VENDOR_NOT_OFFERED: { status: 404, message: 'error.vendor_not_offered' },
  APP_ERR_WALLET_TRANSFER_NOT_ALLOWED: { status: 403, message: 'error.transfer_not_allowed' },
  APP_ERR_WALLET_PAYMENT_PASSWORD_NOT_SET: { status: 409, message: 'error.payment_password_not_set' },
  APP_ERR_WALLET_PAYMENT_PASSWORD_WRONG: { status: 400, message: 'error.payment_password_wrong' },
  APP_ERR_WALLET_TURNOVER_NOT_MET: { status: 409, message: 'error.turnover_not_met' },
  APP_ERR_WALLET_DAILY_LIMIT: { status: 409, message: 'error.withdraw_daily_limit' },
  APP_ERR_WALLET_BIND_CONTACT_FIRST: { status: 409, message: 'error.bind_mobile_first' },
  APP_ERR_WALLET_ACCOUNT_TAKEN: { status: 409, message: 'error.withdraw_account_taken' },
  APP_ERR_PAYMENT_CHANNEL_UNKNOWN: { status: 404, message: 'error.payment_channel_unknown' },
  APP_ERR_PAYMENT_NOT_FOUND: { status: 404, message: 'error.payment_not_found' },
  APP_ERR_PAYMENT_STATE: { status: 409, message: 'error.payment_state' },
  APP_ERR_PAYMENT_PROVIDER_FAILED: { status: 502, message: 'error.payment_provider' },
  APP_ERR_PAYMENT_WEBHOOK_SIGNATURE: { status: 401, message: 'error.webhook_signature' },
  APP_ERR_PAYMENT_WEBHOOK_REFUSED: { status: 400, message: 'error.webhook_refused' },
  APP_ERR_OPERATOR_UNAUTHORIZED: { status: 401, message: 'error.operator_unauthorized' },
  /** The operator's role does not allow the action, or the merchant it names is outside their scope (whether it exists or not). */
  APP_ERR_OPERATOR_FORBIDDEN: { status: 403, message: 'error.operator_unauthorized' },
  APP_ERR_OPERATOR_LOGIN_FAILED: { status: 401, message: 'error.account_or_password_wrong' },
  /** Too many wrong passwords or authenticator codes: sign-in is locked for a while. */
  APP_ERR_OPERATOR_LOCKED: { status: 423, message: 'error.account_locked' },
  /** The sign-in still needs a step (password change, authenticator enrolment or code) before this call. */
  APP_ERR_OPERATOR_STEP_REQUIRED: { status: 403, message: 'error.second_step_required' },
  APP_ERR_OPERATOR_TOTP_INVALID: { status: 400, message: 'error.verification_code_invalid' },
  APP_ERR_OPERATOR_EXISTS: { status: 409, message: 'error.account_taken' },
  /** Another operator took the support conversation first. */
  APP_ERR_SUPPORT_TAKEN: { status: 409, message: 'error.support_taken' },
  /** The support conversation is held by another operator, or waits to be taken: only its holder answers. */
  APP_ERR_SUPPORT_NOT_YOURS: { status: 409, message: 'error.support_not_yours' },
  APP_ERR_SUPPORT_CLOSED: { status: 409, message: 'error.support_closed' },
  /** Only a closed conversation is rated, and only once. */
  APP_ERR_SUPPORT_NOT_CLOSED: { status: 409, message: 'error.support_not_closed' },
  APP_ERR_SUPPORT_RATED: { status: 409, message: 'error.support_rated' },
  /** The operator already holds as many open conversations as their merchant allows. */
  APP_ERR_SUPPORT_CAPACITY: { status: 409, message: 'error.support_capacity' },
  /** A conversation is handed only to another operator of its merchant who may chat. */
  APP_ERR_SUPPORT_TRANSFER_TARGET: { status: 409, message: 'error.support_transfer_target' },
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
