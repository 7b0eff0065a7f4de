// Every table, for drizzle-kit and the typed database handle. Each module owns its own tables file.
export * from './modules/auth/auth.tables.ts';
export * from './modules/auth/two-factor.tables.ts';
export * from './modules/catalog/catalog.tables.ts';
export * from './modules/content/content.tables.ts';
export * from './modules/crash/crash.tables.ts';
export * from './modules/games/games.tables.ts';
export * from './modules/inhouse/inhouse.tables.ts';
export * from './modules/lottery/lottery.tables.ts';
export * from './modules/members/members.tables.ts';
export * from './modules/merchants/merchants.tables.ts';
export * from './modules/messaging/messaging.tables.ts';
export * from './modules/payments/payments.tables.ts';
export * from './modules/seamless/seamless.tables.ts';
export * from './modules/statistics/statistics.tables.ts';
export * from './modules/wallet/ledger.tables.ts';
export * from './platform/attempts.tables.ts';
export * from './platform/jobs.tables.ts';
