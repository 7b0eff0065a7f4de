/**
 * Texts of the market's registration fields (Brazil: CPF, date of birth, loss and time limits) and of
 * the reality check, in the six site languages (the dictionaries' `market` namespace). English is the
 * reference; each other language has exactly its keys.
 */
const en = {
  cpf: 'CPF',
  cpfHint: '11 digits, with or without dots and dash',
  birthDate: 'Date of birth',
  limitsTitle: 'Your limits',
  limitsLead: 'Set a limit on your losses and on your time logged in. You can lower them at any time in Responsible gaming.',
  limitsLeadOptional: 'You can set a limit on your losses and on your time logged in, or choose no limit.',
  lossLimit: 'Loss limit',
  sessionLimit: 'Time limit (minutes)',
  period: 'Period',
  per: { day: 'per day', week: 'per week', month: 'per month', none: 'no limit' },
  realityTitle: 'Reality check',
  realityPlayed: 'You have been playing for {{minutes}} minutes.',
  realityResult: 'Result of this session',
  realityStakes: 'Bets',
  realityWins: 'Wins',
  realityContinue: 'Continue playing',
  realityStop: 'Stop and log out',
};

export type MarketTexts = {
  [K in keyof typeof en]: (typeof en)[K] extends string ? string : { [P in keyof (typeof en)[K]]: string };
};

const pt: MarketTexts = {
  cpf: 'CPF',
  cpfHint: '11 dígitos, com ou sem pontos e traço',
  birthDate: 'Data de nascimento',
  limitsTitle: 'Seus limites',
  limitsLead:
    'Defina um limite para suas perdas e para o seu tempo conectado. Você pode reduzi-los a qualquer momento em Jogo responsável.',
  limitsLeadOptional: 'Você pode definir um limite para suas perdas e para o seu tempo conectado, ou escolher sem limite.',
  lossLimit: 'Limite de perdas',
  sessionLimit: 'Limite de tempo (minutos)',
  period: 'Período',
  per: { day: 'por dia', week: 'por semana', month: 'por mês', none: 'sem limite' },
  realityTitle: 'Alerta de tempo de jogo',
  realityPlayed: 'Você está jogando há {{minutes}} minutos.',
  realityResult: 'Resultado desta sessão',
  realityStakes: 'Apostas',
  realityWins: 'Ganhos',
  realityContinue: 'Continuar jogando',
  realityStop: 'Parar e sair',
};

const fr: MarketTexts = {
  cpf: 'CPF',
  cpfHint: '11 chiffres, avec ou sans points et tiret',
  birthDate: 'Date de naissance',
  limitsTitle: 'Vos limites',
  limitsLead: 'Fixez une limite à vos pertes et à votre temps de connexion. Vous pouvez les baisser à tout moment dans Jeu responsable.',
  limitsLeadOptional: 'Vous pouvez fixer une limite à vos pertes et à votre temps de connexion, ou choisir aucune limite.',
  lossLimit: 'Limite de pertes',
  sessionLimit: 'Limite de temps (minutes)',
  period: 'Période',
  per: { day: 'par jour', week: 'par semaine', month: 'par mois', none: 'aucune limite' },
  realityTitle: 'Point sur votre jeu',
  realityPlayed: 'Vous jouez depuis {{minutes}} minutes.',
  realityResult: 'Résultat de cette session',
  realityStakes: 'Mises',
  realityWins: 'Gains',
  realityContinue: 'Continuer à jouer',
  realityStop: 'Arrêter et me déconnecter',
};

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
  per: { day: '每天', week: '每周', month: '每月', none: '不设限额' },
  realityTitle: '游戏时间提醒',
  realityPlayed: '您已经游戏了 {{minutes}} 分钟。',
  realityResult: '本次会话结果',
  realityStakes: '投注',
  realityWins: '赢得',
  realityContinue: '继续游戏',
  realityStop: '停止并退出',
};

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
  per: { day: 'mỗi ngày', week: 'mỗi tuần', month: 'mỗi tháng', none: 'không giới hạn' },
  realityTitle: 'Nhắc nhở thời gian chơi',
  realityPlayed: 'Bạn đã chơi được {{minutes}} phút.',
  realityResult: 'Kết quả phiên này',
  realityStakes: 'Tiền cược',
  realityWins: 'Tiền thắng',
  realityContinue: 'Tiếp tục chơi',
  realityStop: 'Dừng và đăng xuất',
};

const id: MarketTexts = {
  cpf: 'CPF',
  cpfHint: '11 digit, dengan atau tanpa titik dan tanda hubung',
  birthDate: 'Tanggal lahir',
  limitsTitle: 'Batas Anda',
  limitsLead: 'Tetapkan batas kekalahan dan waktu login Anda. Anda dapat menurunkannya kapan saja di Permainan yang bertanggung jawab.',
  limitsLeadOptional: 'Anda dapat menetapkan batas kekalahan dan waktu login, atau memilih tanpa batas.',
  lossLimit: 'Batas kekalahan',
  sessionLimit: 'Batas waktu (menit)',
  period: 'Periode',
  per: { day: 'per hari', week: 'per minggu', month: 'per bulan', none: 'tanpa batas' },
  realityTitle: 'Pengingat waktu bermain',
  realityPlayed: 'Anda sudah bermain selama {{minutes}} menit.',
  realityResult: 'Hasil sesi ini',
  realityStakes: 'Taruhan',
  realityWins: 'Kemenangan',
  realityContinue: 'Lanjutkan bermain',
  realityStop: 'Berhenti dan keluar',
};

export const marketTexts = { en, pt, fr, cn, vi, id };
