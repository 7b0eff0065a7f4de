import type { MarketTexts } from './en.ts';

/** * Texts of the market's registration fields . English is the reference; each other language has exactly its keys: Tiếng Việt. */
const vi: MarketTexts = {
  cpf: 'CPF',
  cpfHint: '11 chữ số, có hoặc không có dấu chấm và gạch ngang',
  birthDate: 'Ngày sinh',
  limitsTitle: 'Giới hạn của bạn',
  limitsLead:
    'Hãy đặt giới hạn cho khoản thua và thời gian đăng nhập của bạn. Bạn có thể giảm chúng bất cứ lúc nào trong Chơi có trách nhiệm.',
  limitsLeadOptional: 'Bạn có thể đặt giới hạn cho khoản thua và thời gian đăng nhập, hoặc chọn không giới hạn.',
  lossLimit: 'Giới hạn thua',
  sessionLimit: 'Giới hạn thời gian (phút)',
  period: 'Kỳ hạn',
  per: {
    day: 'mỗi ngày',
    week: 'mỗi tuần',
    month: 'mỗi tháng',
    none: 'không giới hạn',
  },
  realityTitle: 'Nhắc nhở thời gian chơi',
  realityPlayed: 'Bạn đã chơi được {{minutes}} phút.',
  realityResult: 'Kết quả phiên này',
  realityStakes: 'Tiền cược',
  realityWins: 'Tiền thắng',
  realityContinue: 'Tiếp tục chơi',
  realityStop: 'Dừng và đăng xuất',
};

export default vi;
