import type { TextsOf } from '../../../../i18n/texts-of.ts';

/** * The responsible-gaming page's texts in the six languages (the dictionaries' `rg` namespace). English is the reference; each other language has exactly its keys (the dictionaries' type checks it): English, the reference. */
const en = {
  title: 'Responsible gaming',
  intro:
    'Set your own limits, take a break or exclude yourself. Lower limits apply at once; higher limits and removals wait {{hours}} hours, then need your confirmation.',
  limits: 'Your limits',
  noLimits: 'You have no limits yet.',
  kind: {
    deposit: 'Deposits',
    loss: 'Net losses',
    wager: 'Bets',
    session: 'Time logged in',
  },
  period: {
    day: 'Per day',
    week: 'Per week',
    month: 'Per month',
  },
  periodLabel: 'Period',
  limit: 'Limit',
  used: 'Used',
  remaining: 'Left',
  resets: 'Resets',
  minutes: '{{n}} min',
  pendingRaise: 'Raise to {{amount}} waiting: you can confirm it from {{from}}',
  pendingRemoval: 'Removal waiting: you can confirm it from {{from}}',
  confirm: 'Confirm',
  cancelChange: 'Keep the current limit',
  remove: 'Remove',
  setTitle: 'Set a limit',
  amount: 'Amount',
  amountMinutes: 'Minutes',
  save: 'Save limit',
  saved: 'Your limit is saved.',
  savedPending: 'Your change is waiting for the cooling period.',
  spentTitle: 'What you spent',
  deposited: 'Deposited',
  wagered: 'Bet',
  lost: 'Net loss',
  time: 'Time',
  thisPeriod: {
    day: 'Today',
    week: 'This week',
    month: 'This month',
  },
  breakTitle: 'Take a break',
  coolOff: 'Cool-off',
  coolOffHelp: 'A short break of 24 hours to 6 weeks.',
  selfExclusion: 'Self-exclusion',
  selfExclusionHelp: 'A long break of 6 months to 5 years, or with no end date.',
  duration: 'How long',
  hours: '{{n}} hours',
  weeks: '{{n}} weeks',
  months: '{{n}} months',
  years: '{{n}} years',
  indefinite: 'With no end date',
  start: 'Start',
  confirmExclusion:
    'Until {{until}} you will not be able to log in, bet or deposit, on any device: you will be logged out now. Withdrawals you have already asked for continue, and your balance stays yours. This cannot be undone before it ends.',
  confirmExclusionForever:
    'With no end date you will not be able to log in, bet or deposit, on any device: you will be logged out now. Withdrawals you have already asked for continue, and your balance stays yours. This cannot be undone.',
  excludedNow: 'You are on a break until {{until}}.',
  history: 'History',
  action: {
    set: 'Set',
    lowered: 'Lowered',
    raise_asked: 'Raise asked',
    raised: 'Raised',
    removal_asked: 'Removal asked',
    removed: 'Removed',
    cancelled: 'Change cancelled',
  },
  help: 'Where to find help',
  unlimited: 'No limit',
};

/** The shape every language's texts have. */
export type RgTexts = TextsOf<typeof en>;

export default en;
