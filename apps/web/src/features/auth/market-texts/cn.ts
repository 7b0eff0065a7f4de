import type { MarketTexts } from './en.ts';

/** * Texts of the market's registration fields . English is the reference; each other language has exactly its keys: 中文. */
const cn: MarketTexts = {
  cpf: 'CPF',
  cpfHint: '11 位数字，可带或不带点和横线',
  birthDate: '出生日期',
  limitsTitle: '您的限额',
  limitsLead: '请为您的亏损和在线时长设定限额。您可以随时在“负责任博彩”中调低限额。',
  limitsLeadOptional: '您可以为亏损和在线时长设定限额，也可以选择不设限额。',
  lossLimit: '亏损限额',
  sessionLimit: '时长限额（分钟）',
  period: '周期',
  per: {
    day: '每天',
    week: '每周',
    month: '每月',
    none: '不设限额',
  },
  realityTitle: '游戏时间提醒',
  realityPlayed: '您已经游戏了 {{minutes}} 分钟。',
  realityResult: '本次会话结果',
  realityStakes: '投注',
  realityWins: '赢得',
  realityContinue: '继续游戏',
  realityStop: '停止并退出',
};

export default cn;
