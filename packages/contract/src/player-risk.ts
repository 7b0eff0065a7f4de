import { z } from 'zod';
import { reasonSchema } from './admin.ts';
import { pageSchema, pageSizeSchema, withinRowCap } from './backoffice.ts';

/**
 * The risk and support work on one player (decision 0048): login history with the addresses and
 * devices it came from, the other players of the same merchant those or a payee link to, the account's
 * status switches, ending every session, a password reset that forces a change, and operators' notes.
 * Reading takes `members.read`; switches, logout and reset `members.manage`; writing a note `members.note`.
 */
export const playerPaths = {
  /** GET: a page of the player's logins, newest first. */
  logins: '/admin/v1/members/:memberId/logins',
  /** GET: the distinct addresses and devices of the player's logins, most recent first. */
  addresses: '/admin/v1/members/:memberId/addresses',
  /** GET: the other players of the merchant who share an address, a device or a payee with the player. */
  linked: '/admin/v1/members/:memberId/linked',
  /** PUT: one status switch (login, deposit, withdraw, play) with a reason. */
  flags: '/admin/v1/members/:memberId/flags',
  /** POST: every session of the player ends now. */
  logout: '/admin/v1/members/:memberId/logout',
  /** POST: a temporary password sent to the player, who must change it at the next login. */
  passwordReset: '/admin/v1/members/:memberId/password-reset',
  /** GET: the notes, newest first; POST: a new one. */
  notes: '/admin/v1/members/:memberId/notes',
} as const;

export const playerLoginsQuerySchema = z
  .object({ page: pageSchema, pageSize: pageSizeSchema })
  .refine(withinRowCap, { message: 'validation.too_big', path: ['page'] });
export type PlayerLoginsQuery = z.infer<typeof playerLoginsQuerySchema>;

/** One login: when, from where, with what, and how (username, sms, register, freeplay, reset). */
export const playerLoginSchema = z.object({
  id: z.number(),
  at: z.number(),
  ip: z.string(),
  /** The country of the address as the offline geo-IP saw it ('' when unknown). */
  country: z.string(),
  countryCode: z.string(),
  kind: z.string(),
  /** The browser's User-Agent as sent ('' for logins before it was kept). */
  userAgent: z.string(),
  /** The site's device id ('' when none was sent). */
  device: z.string(),
});
export type PlayerLogin = z.infer<typeof playerLoginSchema>;
export const playerLoginPageSchema = z.object({
  list: z.array(playerLoginSchema),
  /** Logins counted up to `countLimitOf` the page (`capped` when there are at least that many). */
  total: z.number(),
  capped: z.boolean(),
});

/** An address or a device the player logged in from: first and last time, how many logins. */
export const playerSeenSchema = z.object({
  value: z.string(),
  /** For a device: the User-Agent of its latest login; for an address: its country. */
  detail: z.string(),
  firstAt: z.number(),
  lastAt: z.number(),
  count: z.number(),
});
export type PlayerSeen = z.infer<typeof playerSeenSchema>;
export const playerAddressesSchema = z.object({
  ips: z.array(playerSeenSchema),
  devices: z.array(playerSeenSchema),
  /** True when the player has more than the lists show (only the most recent are listed). */
  more: z.boolean(),
});
export type PlayerAddresses = z.infer<typeof playerAddressesSchema>;

export const linkKinds = ['ip', 'device', 'payee'] as const;
export type LinkKind = (typeof linkKinds)[number];

/** Another player of the same merchant and what links the two: each shared address, device or payee. */
export const linkedPlayerSchema = z.object({
  id: z.number(),
  account: z.string(),
  createdAt: z.number(),
  links: z.array(z.object({ kind: z.enum(linkKinds), value: z.string() })),
});
export type LinkedPlayer = z.infer<typeof linkedPlayerSchema>;
export const linkedPlayersSchema = z.object({
  list: z.array(linkedPlayerSchema),
  /** True when a bound was reached (addresses, devices or players looked at): the list may be longer. */
  more: z.boolean(),
});
export type LinkedPlayers = z.infer<typeof linkedPlayersSchema>;

export const playerFlags = ['login', 'deposit', 'withdraw', 'play'] as const;
export type PlayerFlag = (typeof playerFlags)[number];

/** One switch turned off or on again, with the reason the audit line keeps. */
export const playerFlagBodySchema = z.object({
  flag: z.enum(playerFlags, { error: 'validation.unknown_value' }),
  on: z.boolean({ error: 'validation.invalid' }),
  reason: reasonSchema,
});
export type PlayerFlagBody = z.infer<typeof playerFlagBodySchema>;
/** Every switch of the account after a change, and the reason of the last one switched off. */
export const playerFlagsSchema = z.object({
  canLogin: z.boolean(),
  canDeposit: z.boolean(),
  canWithdraw: z.boolean(),
  canPlay: z.boolean(),
  reason: z.string(),
});
export type PlayerFlags = z.infer<typeof playerFlagsSchema>;

/** Ending sessions and resetting a password say why, for the audit line. */
export const playerActionBodySchema = z.object({ reason: reasonSchema });
export type PlayerActionBody = z.infer<typeof playerActionBodySchema>;
export const playerLogoutSchema = z.object({ ended: z.number() });
/** Where the temporary password went: the channel and the player's number or address. */
export const playerPasswordResetSchema = z.object({ channel: z.enum(['sms', 'email']), to: z.string() });
export type PlayerPasswordReset = z.infer<typeof playerPasswordResetSchema>;

export const playerNotesQuerySchema = playerLoginsQuerySchema;
/** A note: plain text (shown as text, never as markup), up to 2,000 characters. */
export const playerNoteBodySchema = z.object({
  text: z.string().trim().min(1, 'validation.required').max(2000, 'validation.too_big'),
});
export type PlayerNoteBody = z.infer<typeof playerNoteBodySchema>;
export const playerNoteSchema = z.object({ id: z.number(), operator: z.string(), text: z.string(), createdAt: z.number() });
export type PlayerNote = z.infer<typeof playerNoteSchema>;
export const playerNotePageSchema = z.object({ list: z.array(playerNoteSchema), total: z.number(), capped: z.boolean() });
