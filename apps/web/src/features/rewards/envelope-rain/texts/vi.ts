import type { EnvelopeTexts } from './en.ts';

/** Envelope rain's texts: Tiếng Việt. */
const vi: EnvelopeTexts = {
  title: 'Mưa lì xì',
  startsIn: 'Vòng tiếp theo bắt đầu sau',
  endsIn: 'Vòng đang mở! Kết thúc sau',
  terms: '{{count}} bao lì xì chia {{budget}}, mỗi bao ít nhất {{min}}',
  opened: 'Đã mở {{opened}} / {{count}} bao lì xì',
  open: 'Mở lì xì',
  login: 'Đăng nhập để tham gia',
  needBet: 'Hãy đặt cược hôm nay để mở lì xì',
  empty: 'Tất cả bao lì xì đã được mở',
  won: 'Bao lì xì của bạn có {{amount}}!',
  yours: 'Bao lì xì số {{index}}: {{amount}}, đã cộng vào số dư',
  yourShort: 'Bạn nhận được {{amount}}',
  none: 'Hiện chưa có vòng mưa lì xì nào',
  fair: 'Công bằng có thể kiểm chứng: mã băm của hạt giống được công bố trước mỗi vòng và hạt giống sau vòng, để bạn tính lại từng bao.',
  past: 'Các vòng trước',
  verify: 'Kiểm tra',
  seedHash: 'Mã băm hạt giống máy chủ',
  serverSeed: 'Hạt giống máy chủ',
  clientSeed: 'Hạt giống người chơi',
  hashMatches: 'Hạt giống đã công bố khớp với mã băm công bố trước vòng.',
  hashMismatch: 'Hạt giống đã công bố KHÔNG khớp với mã băm.',
  mineMatches: 'Bao lì xì số {{index}} của bạn khớp với số tiền bạn nhận.',
  mineMismatch: 'Bao lì xì số {{index}} của bạn KHÔNG khớp với số tiền bạn nhận.',
  total: 'Tổng tất cả bao lì xì {{total}} (ngân sách {{budget}})',
  howTo:
    'Bao thứ i có trọng số 1 + (một số không thiên lệch dưới 100 từ HMAC-SHA256(hạt giống máy chủ, "hạt giống người chơi:i")); bao chứa mức tối thiểu cộng phần ngân sách còn lại theo trọng số, làm tròn xuống.',
};

export default vi;
