import {
  type MallGood,
  type PointsBalance,
  type PointsConfig,
  type PointsTransaction,
  pointsPaths,
  type Redemption,
  type ShippingAddress,
} from '@platform/contract';
import { apiGetAt, apiSend } from '../../api/client.ts';

interface Paged<T> {
  content: T[];
  pageNo: number;
  pageSize: number;
  totalPages: number;
  totalElements: number;
}

/** The points calls of the spec: balance, config, member transaction detail, convert, redeem and the redeem list. */
export const pointsBalance = () => apiGetAt<PointsBalance>(pointsPaths.balance);
export const pointsConfig = () => apiGetAt<PointsConfig>(pointsPaths.config);
export const mallGoods = () => apiGetAt<MallGood[]>(pointsPaths.goods);
export const pointsDetail = (pageNo: number) =>
  apiGetAt<Paged<PointsTransaction>>(pointsPaths.transactions, { query: { pageNo, pageSize: 10 } });
export const redeemList = (pageNo: number) => apiGetAt<Paged<Redemption>>(pointsPaths.redeemList, { query: { pageNo, pageSize: 10 } });

export const redeem = (body: { itemId: number; quantity: number; paymentPassword: string; requestId: string; address?: ShippingAddress }) =>
  apiSend<{ redemption: Redemption; balance: PointsBalance }>(pointsPaths.redeem, body);

export const convertPoints = (body: { points: number; paymentPassword: string; requestId: string }) =>
  apiSend<{ reference: string; points: number; cash: number; balance: PointsBalance }>(pointsPaths.convert, body);
