import type { OperatorRole } from '@platform/contract';

/**
 * Every action an admin route can ask for. A route names exactly one; the table below is the only
 * place that says which role may take it.
 */
export const actions = [
  'operators.read',
  'operators.manage',
  'merchants.read',
  'merchants.manage',
  'withdrawals.read',
  'withdrawals.review',
  'ledger.read',
  'ledger.adjust',
  'ledger.check',
  'members.read',
  'members.manage',
  /** Write an operator's note on a player (reading them is members.read). */
  'members.note',
  'payments.settings',
  'lottery.results',
  'lottery.caps',
  'audit.read',
  'apikeys.manage',
  'messages.read',
  'messages.send',
  'agents.read',
  'agents.manage',
  'feedback.read',
  'feedback.answer',
  'support.chat',
  'points.read',
  'points.fulfil',
  'promotions.read',
  'promotions.manage',
  'reports.read',
  'content.manage',
  'verifications.read',
  'verifications.review',
] as const;
export type Action = (typeof actions)[number];

/** The one table of role → actions. The owner may do everything. */
export const permissions: Record<OperatorRole, readonly Action[]> = {
  owner: actions,
  admin: actions,
  finance: [
    'merchants.read',
    'withdrawals.read',
    'withdrawals.review',
    'ledger.read',
    'ledger.adjust',
    'ledger.check',
    'members.read',
    'payments.settings',
    'audit.read',
    'apikeys.manage',
    'promotions.read',
    'reports.read',
    // Agents' bills are money the platform and uplines owe: finance reads them (and the trees and contracts behind them).
    'agents.read',
  ],
  risk: [
    'merchants.read',
    'merchants.manage',
    'withdrawals.read',
    'withdrawals.review',
    'ledger.read',
    'members.read',
    'members.manage',
    'members.note',
    'audit.read',
    'apikeys.manage',
    'agents.read',
    'promotions.read',
    'verifications.read',
    'verifications.review',
  ],
  support: [
    'merchants.read',
    'withdrawals.read',
    'ledger.read',
    'members.read',
    'members.note',
    'apikeys.manage',
    'messages.read',
    'messages.send',
    'agents.read',
    'feedback.read',
    'feedback.answer',
    'support.chat',
    'points.read',
    'points.fulfil',
    'verifications.read',
  ],
  content: [
    'merchants.read',
    'apikeys.manage',
    'messages.read',
    'messages.send',
    'points.read',
    'promotions.read',
    'promotions.manage',
    'content.manage',
  ],
  lottery: ['merchants.read', 'lottery.results', 'lottery.caps', 'apikeys.manage'],
};

/**
 * Actions only an operator at the keyboard may take: a session signed in with the password and the
 * authenticator, never a script's API key (a leaked key must not mint operators or keys).
 */
export const interactiveOnly: ReadonlySet<Action> = new Set(['operators.manage', 'apikeys.manage']);

/**
 * Roles an operator may give (or change, or disable): the owner any, an admin only roles below
 * admin, so that nobody can raise anyone to their own level or above.
 */
export const grantableRoles: Record<OperatorRole, readonly OperatorRole[]> = {
  owner: ['owner', 'admin', 'finance', 'risk', 'support', 'content', 'lottery'],
  admin: ['finance', 'risk', 'support', 'content', 'lottery'],
  finance: [],
  risk: [],
  support: [],
  content: [],
  lottery: [],
};

export function allows(role: OperatorRole, action: Action): boolean {
  return permissions[role].includes(action);
}
