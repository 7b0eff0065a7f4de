import api from '@platform/api-messages/en.ts';

/**
 * The back office in English, the reference: PT and FR have exactly these keys (the type below and
 * dictionaries.test.ts check it). `error` and `validation` are the API's messages, shared with the
 * player site (packages/api-messages).
 */
const en = {
  app: {
    title: 'Back office',
    loading: 'Loading…',
    language: 'Language',
    menu: 'Menu',
    signOut: 'Sign out',
    notFound: 'This page does not exist',
    close: 'Close',
    cancel: 'Cancel',
  },
  nav: {
    support: 'Support chat',
    home: 'Home',
    operators: 'Operators',
    audit: 'Audit trail',
    withdrawals: 'Withdrawals',
    merchants: 'Merchants',
    players: 'Players',
    lottery: 'Lottery results',
    reports: 'Reports',
  },
  role: {
    owner: 'Owner',
    admin: 'Administrator',
    finance: 'Finance',
    risk: 'Risk',
    support: 'Support',
    content: 'Content',
    lottery: 'Lottery',
  },
  signin: {
    title: 'Sign in',
    account: 'Account',
    password: 'Password',
    submit: 'Sign in',
    idle: 'You were signed out after 15 minutes without activity.',
    expired: 'Your session has ended. Please sign in again.',
    changeTitle: 'Choose a new password',
    changeHint: 'This is your first sign-in: replace the password you were given with one only you know (at least 12 characters).',
    newPassword: 'New password',
    repeatPassword: 'Repeat the new password',
    changeSubmit: 'Save the password',
    enrolTitle: 'Set up two-step sign-in',
    enrolHint:
      'Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), then type the 6-digit code it shows.',
    qrAlt: 'QR code to scan with the authenticator app',
    secret: 'Or type this key into the app:',
    code: '6-digit code',
    enrolSubmit: 'Turn on and sign in',
    codeTitle: 'Two-step sign-in',
    codeHint: 'Type the 6-digit code your authenticator app shows now.',
    codeSubmit: 'Verify',
    startOver: 'Sign in with another account',
  },
  home: {
    welcome: 'Welcome, {{name}}',
    screens: 'Your screens',
  },
  operators: {
    account: 'Account',
    name: 'Name',
    role: 'Role',
    merchants: 'Merchants',
    allMerchants: 'All merchants',
    status: 'Status',
    active: 'Active',
    pending: 'First sign-in pending',
    disabled: 'Disabled',
    created: 'Created',
    enable: 'Enable',
    disable: 'Disable',
    search: 'Account or name',
    create: 'New operator',
    createSubmit: 'Create the operator',
    chooseMerchant: 'Choose at least one merchant',
    firstPassword: 'First password',
    firstPasswordHint: 'Give it to the operator in person; they must change it at their first sign-in and set up their authenticator app.',
  },
  audit: {
    time: 'Time',
    operator: 'Operator',
    action: 'Action',
    merchant: 'Merchant',
    target: 'Target',
    reason: 'Reason',
    details: 'Details',
    hash: 'Hash',
    from: 'From',
    to: 'To',
    platform: 'Platform',
    verify: 'Verify the chain',
    verifiedOk: 'The chain is intact: {{rows}} lines, head {{head}}…',
    verifiedBroken_one: 'The chain is broken in {{count}} place:',
    verifiedBroken_other: 'The chain is broken in {{count}} places:',
    breakEdited: 'line {{id}} was edited',
    breakUnlinked: 'line {{id}} does not follow the line before it (a line was deleted or inserted)',
  },
  table: {
    any: 'Any',
    columns: 'Columns',
    export: 'Export CSV',
    empty: 'Nothing to show',
    total_one: '{{count}} row',
    total_other: '{{count}} rows',
    pageSize: 'Rows per page',
    previous: 'Previous',
    next: 'Next',
    page: 'Page {{page}} of {{pages}}',
    pageOfAtLeast: 'Page {{page}} of {{pages}}+',
    totalAtLeast: '{{count}}+ rows',
  },
  error: api.error,
  validation: api.validation,
};

type DeepText<T> = { [K in keyof T]: T[K] extends string ? string : DeepText<T[K]> };

/** The shape of every back-office dictionary. */
export type AdminDictionary = DeepText<typeof en>;

export default en satisfies AdminDictionary;
