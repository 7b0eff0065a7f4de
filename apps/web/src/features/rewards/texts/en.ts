/** The reward centre's texts in English, the reference (one namespace, `rewards`, in each dictionary). */
const en = {
  title: 'Reward centre',
  checkin: {
    title: 'Daily check-in',
    streak_one: '{{count}} day in a row',
    streak_other: '{{count}} days in a row',
    day: 'Day {{day}}',
    weekBonus: 'Full week bonus',
    button: 'Check in',
    done: 'Checked in today',
    needPlay: 'Place a bet today to check in',
    needPlayOrDeposit: 'Place a bet or deposit {{amount}} today to check in',
    success: 'Checked in: {{reward}}',
    missedResets: 'A missed day starts the streak again from day 1.',
    off: 'Check-in is not available on this site',
  },
  missions: {
    title: 'Missions',
    daily: 'Daily',
    weekly: 'Weekly',
    claim: 'Claim',
    claimed: 'Claimed',
    inProgress: 'In progress',
    claimable: 'Ready to claim',
    progress: '{{progress}} / {{target}}',
    endsAt: 'Resets {{time}}',
    reward: 'Reward: {{reward}}',
    success: 'Reward claimed: {{reward}}',
    none: 'No missions at the moment',
    login: 'Log in to track your missions',
  },
  reward: {
    points: '{{amount}} points',
    bonus: '{{amount}} bonus',
    bonusWagering: '{{amount}} bonus ({{multiple}}× wagering)',
  },
};
export type RewardTexts = typeof en;
export default en;
