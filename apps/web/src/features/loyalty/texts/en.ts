import type { TextsOf } from '../../../i18n/texts-of.ts';

/** The VIP and invite-friends pages' texts (one namespace, `loyalty`, in each dictionary): English, the reference. */
const en = {
  vipTitle: 'VIP',
  vipLevel: 'VIP {{level}}',
  yourLevel: 'Your level',
  validBets: 'Valid bets',
  deposits: 'Deposits',
  progressTo: 'Progress to {{name}}',
  progressBets: 'Valid bets: {{percent}}%',
  progressDeposits: 'Deposits: {{percent}}%',
  topLevel: 'You have reached the highest level.',
  rule: 'Levels count your valid bets and deposits since you joined. Reaching a level pays its upgrade bonus once.',
  ruleBetsOnly: 'Levels count your valid bets since you joined. Reaching a level pays its upgrade bonus once, as cash.',
  levels: 'Levels',
  colLevel: 'Level',
  colBets: 'Valid bets',
  colDeposits: 'Deposits',
  colBonus: 'Upgrade bonus',
  colPrivileges: 'Privileges',
  wagering: 'wagering {{multiple}}×',
  cash: 'cash',
  vipService: 'VIP customer service',
  none: '–',
  upgrades: 'Upgrade bonuses received',
  upgraded: 'VIP {{level}}: {{amount}} on {{date}}',
  inviteTitle: 'Invite friends',
  code: 'Your invite code',
  link: 'Your invite link',
  copy: 'Copy',
  copied: 'Copied',
  qr: 'QR code of your invite link',
  terms: 'When a friend who registered with your link has deposited {{minDeposit}} in total, you receive {{reward}}, once per friend.',
  termsWagering: 'The reward carries wagering of {{multiple}}× before it becomes cash.',
  earned: 'Rewards earned',
  friends: 'Invited friends',
  friendCount: 'Friends',
  empty: 'No friends yet',
  emptyText: 'Share your link: friends who register with it appear here.',
  colFriend: 'Friend',
  colRegistered: 'Registered on',
  colState: 'State',
  colReward: 'Reward',
  state_registered: 'Registered',
  state_deposited: 'Deposited',
  state_qualified: 'Reward paid',
};

/** The shape every language's texts have. */
export type LoyaltyTexts = TextsOf<typeof en>;

export default en;
