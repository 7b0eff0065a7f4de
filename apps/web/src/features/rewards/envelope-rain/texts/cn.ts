import type { EnvelopeTexts } from './en.ts';

/** Envelope rain's texts: 中文. */
const cn: EnvelopeTexts = {
  title: '红包雨',
  startsIn: '下一场开始倒计时',
  endsIn: '本场进行中！结束倒计时',
  terms: '{{count}} 个红包瓜分 {{budget}}，每个至少 {{min}}',
  opened: '已开 {{opened}} / {{count}} 个红包',
  open: '抢红包',
  login: '登录后参与',
  needBet: '今天投注后即可抢红包',
  empty: '红包已被抢完',
  won: '您的红包金额为 {{amount}}！',
  yours: '第 {{index}} 号红包：{{amount}}，已存入余额',
  yourShort: '您抢到 {{amount}}',
  none: '暂无红包雨场次',
  fair: '可验证公平：每场开始前公布种子哈希，结束后公布种子，您可以重新计算每个红包。',
  past: '往期场次',
  verify: '验证',
  seedHash: '服务器种子哈希',
  serverSeed: '服务器种子',
  clientSeed: '客户端种子',
  hashMatches: '公布的种子与开场前公布的哈希一致。',
  hashMismatch: '公布的种子与哈希不一致。',
  mineMatches: '您的第 {{index}} 号红包与实际到账金额一致。',
  mineMismatch: '您的第 {{index}} 号红包与实际到账金额不一致。',
  total: '全部红包合计 {{total}}（预算 {{budget}}）',
  howTo:
    '第 i 个红包的权重为 1 +（由 HMAC-SHA256(服务器种子, "客户端种子:i") 得出的小于 100 的无偏整数）；金额为最低金额加上按权重分得的剩余预算，向下取整。',
};

export default cn;
