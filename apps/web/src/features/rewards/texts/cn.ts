import type { RewardTexts } from './en.ts';

/** The reward centre's texts: 简体中文. */
const cn: RewardTexts = {
  title: '奖励中心',
  checkin: {
    title: '每日签到',
    streak_one: '连续 {{count}} 天',
    streak_other: '连续 {{count}} 天',
    day: '第 {{day}} 天',
    weekBonus: '满一周奖励',
    button: '签到',
    done: '今日已签到',
    needPlay: '今天投注后即可签到',
    needPlayOrDeposit: '今天投注或充值 {{amount}} 后即可签到',
    success: '签到成功：{{reward}}',
    missedResets: '中断一天将从第 1 天重新开始。',
    off: '本站未开放签到',
  },
  missions: {
    title: '任务',
    daily: '每日',
    weekly: '每周',
    claim: '领取',
    claimed: '已领取',
    inProgress: '进行中',
    claimable: '可领取',
    progress: '{{progress}} / {{target}}',
    endsAt: '{{time}} 重置',
    reward: '奖励：{{reward}}',
    success: '已领取奖励：{{reward}}',
    none: '暂无任务',
    login: '登录后查看任务进度',
  },
  reward: {
    points: '{{amount}} 积分',
    bonus: '{{amount}} 彩金',
    bonusWagering: '{{amount}} 彩金（{{multiple}} 倍流水）',
  },
};
export default cn;
