import type { RewardTexts } from './en.ts';

/** The reward centre's texts: Tiếng Việt. */
const vi: RewardTexts = {
  title: 'Trung tâm phần thưởng',
  checkin: {
    title: 'Điểm danh hằng ngày',
    streak_one: '{{count}} ngày liên tiếp',
    streak_other: '{{count}} ngày liên tiếp',
    day: 'Ngày {{day}}',
    weekBonus: 'Thưởng đủ tuần',
    button: 'Điểm danh',
    done: 'Hôm nay đã điểm danh',
    needPlay: 'Hãy đặt cược hôm nay để điểm danh',
    needPlayOrDeposit: 'Hãy đặt cược hoặc nạp {{amount}} hôm nay để điểm danh',
    success: 'Đã điểm danh: {{reward}}',
    missedResets: 'Bỏ lỡ một ngày sẽ bắt đầu lại từ ngày 1.',
    off: 'Trang này chưa mở điểm danh',
  },
  missions: {
    title: 'Nhiệm vụ',
    daily: 'Hằng ngày',
    weekly: 'Hằng tuần',
    claim: 'Nhận',
    claimed: 'Đã nhận',
    inProgress: 'Đang thực hiện',
    claimable: 'Có thể nhận',
    progress: '{{progress}} / {{target}}',
    endsAt: 'Làm mới {{time}}',
    reward: 'Phần thưởng: {{reward}}',
    success: 'Đã nhận thưởng: {{reward}}',
    none: 'Hiện chưa có nhiệm vụ',
    login: 'Đăng nhập để theo dõi nhiệm vụ',
  },
  reward: {
    points: '{{amount}} điểm',
    bonus: '{{amount}} tiền thưởng',
    bonusWagering: '{{amount}} tiền thưởng (cược {{multiple}}×)',
  },
};
export default vi;
