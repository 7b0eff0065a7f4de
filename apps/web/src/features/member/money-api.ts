import {
  apiPaths,
  type BettingRecord,
  bettingRecordPaths,
  type CodeSent,
  type Deposit,
  type DepositChannel,
  type Page,
  type PersonalProfit,
  type TransactionHistory,
  type WalletBalance,
  type Withdrawal,
  type WithdrawalAccount,
  type WithdrawInfo,
} from '@platform/contract';
import { apiGet, apiGetAt, apiSend, apiUpload } from '../../api/client.ts';

/** The member centre's money calls: balance and transfers, deposits, withdrawals, records. */

export type Period = 'today' | 'yesterday' | 'past7' | 'past30' | 'custom';
export interface PeriodQuery {
  period: Period;
  from?: number;
  to?: number;
}

/** A fresh id that makes one money request safe to send twice. */
export const newRequestId = () => crypto.randomUUID();

const at = (path: string, params: Record<string, string | number>) =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));

export const walletBalance = () => apiGet(apiPaths.sumBalance);
export const merchantWallets = () => apiGetAt<{ vendor: string; name: string; gameType: string }[]>(apiPaths.merchantWallet);
export const transferFund = (body: { vendor: string; direction: 'in' | 'out'; amount?: number; all?: boolean }) =>
  apiSend<{ transactionId: number; amount: number; balance: WalletBalance }>(apiPaths.transferFund, { ...body, requestId: newRequestId() });

export const transferUpline = (body: { account: string; amount: number; paymentPassword: string; requestId: string }) =>
  apiSend<{ transactionId: number; amount: number; balance: WalletBalance }>(apiPaths.transferUpline, body);

export const depositChannels = () => apiGetAt<DepositChannel[]>(apiPaths.depositChannels);
export const createDeposit = (body: { channel: string; amount: number; mobileNum?: string; requestId: string }) =>
  apiSend<Deposit>(apiPaths.deposits, body);
export const depositList = (pageNo: number) => apiGetAt<Page<Deposit>>(apiPaths.deposits, { query: { pageNo, pageSize: 10 } });
export const depositOf = (reference: string) => apiGetAt<Deposit>(apiPaths.deposit, { params: { reference } });

export const withdrawInfo = () => apiGetAt<WithdrawInfo>(apiPaths.withdrawInfo);
export const setPaymentPassword = (body: { oldPaymentPassword?: string; newPaymentPassword: string; confirmPaymentPassword: string }) =>
  apiSend<null>(apiPaths.paymentPassword, body, { method: 'PUT' });
export const sendAccountCode = () => apiSend<CodeSent>(apiPaths.withdrawAccountCode, undefined);
export const bindAccount = (body: { kind: string; holderName: string; institution: string; number: string; verificationCode: string }) =>
  apiSend<WithdrawalAccount>(apiPaths.withdrawAccounts, body);
export const removeAccount = (id: number) => apiSend<null>(at(apiPaths.withdrawAccount, { id }), undefined, { method: 'DELETE' });
export const requestWithdrawal = (body: { accountId: number; amount: number; paymentPassword: string; requestId: string }) =>
  apiSend<Withdrawal>(apiPaths.withdrawals, body);
export const withdrawalList = (pageNo: number) => apiGetAt<Page<Withdrawal>>(apiPaths.withdrawals, { query: { pageNo, pageSize: 10 } });
export const uploadProof = (reference: string, file: File) => {
  const form = new FormData();
  form.append('proof', file);
  return apiUpload<null>(at(apiPaths.withdrawalProof, { reference }), form);
};
export const confirmWithdrawal = (reference: string, body: { result: string; receivedAmount?: number }) =>
  apiSend<Withdrawal>(at(apiPaths.withdrawalConfirm, { reference }), body);

export const transactionHistory = (query: PeriodQuery & { types?: string; pageNo: number }) =>
  apiGetAt<TransactionHistory>(apiPaths.transactionHistory, { query: { ...query, pageSize: 20 } });
export const personalProfit = (query: PeriodQuery) => apiGetAt<PersonalProfit>(apiPaths.personalProfit, { query: { ...query } });

export interface BettingRecordDetail {
  row: BettingRecord['content'][number];
  detail: Record<string, unknown>;
  serverSeed: string | null;
}
export const bettingRecord = (query: PeriodQuery & { category?: string; pageNo: number }) =>
  apiGetAt<BettingRecord>(bettingRecordPaths.list, { query: { ...query, pageSize: 20 } });
export const bettingRecordDetail = (kind: string, id: number) =>
  apiGetAt<BettingRecordDetail>(bettingRecordPaths.detail, { params: { kind, id } });
