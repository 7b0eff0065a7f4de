import type { LocalText } from '../modules/content/content.tables.ts';

/** A demo text in every site language. */
type Lang6 = { EN: string; PT: string; FR: string; CN: string; VI: string; ID: string };
const t = (x: Lang6): LocalText => ({ ...x });

export interface SeedVendor {
  code: string;
  name: string;
  gameType: string;
  launchable: boolean;
}

/**
 * Vendors of the demo catalog. TCG_SEA (lottery) and our in-house studio are ours; the third-party
 * names need that vendor's contract before their games can launch, and say so.
 */
export const demoVendors: SeedVendor[] = [
  { code: 'TCG_SEA', name: 'TCG Lottery', gameType: 'LOTT', launchable: true },
  { code: 'TCG_ELOTT', name: 'TCG E-Lottery', gameType: 'ELOTT', launchable: true },
  { code: 'INHOUSE', name: 'House Originals', gameType: 'RNG', launchable: true },
  { code: 'PG', name: 'PG Soft', gameType: 'RNG', launchable: false },
  { code: 'PP', name: 'Pragmatic Play', gameType: 'RNG', launchable: false },
  { code: 'JILI', name: 'JILI', gameType: 'RNG', launchable: false },
  { code: 'BGS', name: 'BGaming', gameType: 'RNG', launchable: false },
  { code: 'EVO', name: 'Evolution', gameType: 'LIVE', launchable: false },
  { code: 'EZUGI', name: 'Ezugi', gameType: 'LIVE', launchable: false },
  { code: 'SABA', name: 'SABA Sports', gameType: 'SPORTS', launchable: false },
  { code: 'IMES', name: 'IM eSports', gameType: 'ESPORTS', launchable: false },
  { code: 'TF', name: 'TF Gaming', gameType: 'ESPORTS', launchable: false },
  { code: 'SV388', name: 'SV388', gameType: 'COCKFIGHT', launchable: false },
  { code: 'JDB', name: 'JDB Fishing', gameType: 'FISH', launchable: false },
  { code: 'KM', name: 'Kingmaker', gameType: 'PVP', launchable: false },
];

/** Which vendors each demo merchant offers: UEMOA has no cockfight and no e-sports. */
export const demoMerchantVendors: Record<string, string[]> = {
  BRAZIL: ['TCG_SEA', 'TCG_ELOTT', 'INHOUSE', 'PG', 'PP', 'JILI', 'EVO', 'SABA', 'IMES', 'TF', 'SV388', 'JDB', 'KM'],
  UEMOA: ['TCG_SEA', 'INHOUSE', 'PP', 'JILI', 'BGS', 'EVO', 'EZUGI', 'SABA', 'JDB'],
};

export interface SeedBanner {
  group: string;
  image: string;
  title: LocalText;
  linkageType: string;
  linkageTarget: string;
}

export interface SeedPromotion {
  /** Stable key, also the banner link target through the promotion's id. */
  key: string;
  category: string;
  image: string;
  title: LocalText;
  summary: LocalText;
  content: LocalText;
}

const promoHtml = (x: Lang6, rules: Lang6): LocalText => ({
  EN: `<h3>${x.EN}</h3><p>${rules.EN}</p><ul><li>Valid for real-money accounts only.</li><li>Play responsibly: 18+ only.</li></ul>`,
  PT: `<h3>${x.PT}</h3><p>${rules.PT}</p><ul><li>Válido apenas para contas com dinheiro real.</li><li>Jogue com responsabilidade: apenas maiores de 18.</li></ul>`,
  FR: `<h3>${x.FR}</h3><p>${rules.FR}</p><ul><li>Valable uniquement pour les comptes en argent réel.</li><li>Jouez de manière responsable : 18+ uniquement.</li></ul>`,
  CN: `<h3>${x.CN}</h3><p>${rules.CN}</p><ul><li>仅适用于真钱账户。</li><li>请理性游戏：仅限 18 岁及以上。</li></ul>`,
  VI: `<h3>${x.VI}</h3><p>${rules.VI}</p><ul><li>Chỉ áp dụng cho tài khoản tiền thật.</li><li>Chơi có trách nhiệm: chỉ dành cho người từ 18 tuổi.</li></ul>`,
  ID: `<h3>${x.ID}</h3><p>${rules.ID}</p><ul><li>Hanya berlaku untuk akun uang asli.</li><li>Bermainlah secara bertanggung jawab: khusus 18+.</li></ul>`,
});

export const demoPromotions: Record<string, SeedPromotion[]> = {
  BRAZIL: [
    {
      key: 'rebate',
      category: 'cashback',
      image: '/img/promotions/rebate.svg',
      title: t({
        EN: 'Daily rebate up to 0.8%',
        PT: 'Rebate diário de até 0,8%',
        FR: 'Remise quotidienne jusqu’à 0,8 %',
        CN: '每日返水最高 0.8%',
        VI: 'Hoàn trả hằng ngày đến 0,8%',
        ID: 'Rebate harian hingga 0,8%',
      }),
      summary: t({
        EN: 'A share of yesterday’s bets, paid every morning.',
        PT: 'Uma parte das apostas de ontem, paga toda manhã.',
        FR: 'Une part des mises de la veille, versée chaque matin.',
        CN: '按昨日投注额返还一部分，每天早上发放。',
        VI: 'Một phần tiền cược của ngày hôm qua, trả vào mỗi sáng.',
        ID: 'Sebagian dari taruhan kemarin, dibayarkan setiap pagi.',
      }),
      content: promoHtml(
        {
          EN: 'Daily rebate',
          PT: 'Rebate diário',
          FR: 'Remise quotidienne',
          CN: '每日返水',
          VI: 'Hoàn trả hằng ngày',
          ID: 'Rebate harian',
        },
        {
          EN: 'Each day’s settled bets earn 0.8% on slots, 0.5% on lottery and live casino, 0.3% on other games, up to R$\u00a0500 a day, paid after the day ends with a 1x rollover. Paid only on bets already placed, as Brazilian law requires: no bonus is given before a bet.',
          PT: 'As apostas liquidadas de cada dia rendem 0,8% em slots, 0,5% em loteria e cassino ao vivo, 0,3% nos demais jogos, até R$\u00a0500 por dia, pagos após o fim do dia com rollover de 1x. Pago apenas sobre apostas já feitas, como exige a lei brasileira: nenhum bônus é dado antes de uma aposta.',
          FR: 'Les mises réglées de chaque jour rapportent 0,8 % sur les machines à sous, 0,5 % sur la loterie et le casino en direct, 0,3 % sur les autres jeux, jusqu’à 500\u00a0R$ par jour, versés après la fin de la journée avec une mise de 1x. Versé uniquement sur des mises déjà placées, comme l’exige la loi brésilienne : aucun bonus n’est accordé avant un pari.',
          CN: '每天已结算的投注可获返水：老虎机 0.8%，彩票和真人娱乐场 0.5%，其他游戏 0.3%，每天最高 R$\u00a0500，于当天结束后发放，需完成 1 倍流水。根据巴西法律，返水只按已完成的投注计算：投注之前不发放任何奖金。',
          VI: 'Các cược đã thanh toán mỗi ngày được hoàn 0,8% với slot, 0,5% với xổ số và sòng bài trực tiếp, 0,3% với các trò chơi khác, tối đa R$\u00a0500 mỗi ngày, trả sau khi ngày kết thúc, kèm yêu cầu cược 1 lần. Theo quy định của pháp luật Brazil, tiền hoàn chỉ tính trên các cược đã đặt: không có tiền thưởng nào trước khi đặt cược.',
          ID: 'Taruhan yang sudah diselesaikan setiap hari menghasilkan 0,8% di slot, 0,5% di lotre dan kasino langsung, 0,3% di permainan lain, hingga R$\u00a0500 per hari, dibayarkan setelah hari berakhir dengan rollover 1x. Sesuai hukum Brasil, rebate hanya dibayarkan atas taruhan yang sudah dipasang: tidak ada bonus yang diberikan sebelum taruhan.',
        },
      ),
    },
    {
      key: 'cashback',
      category: 'cashback',
      image: '/img/promotions/cashback.svg',
      title: t({
        EN: 'Weekly cashback 5%',
        PT: 'Cashback semanal 5%',
        FR: 'Cashback hebdomadaire 5 %',
        CN: '每周返现 5%',
        VI: 'Hoàn tiền hàng tuần 5%',
        ID: 'Cashback mingguan 5%',
      }),
      summary: t({
        EN: 'Get back 5% of your weekly net loss.',
        PT: 'Receba de volta 5% da sua perda líquida semanal.',
        FR: 'Récupérez 5 % de votre perte nette hebdomadaire.',
        CN: '每周净亏损的 5% 返还给您。',
        VI: 'Nhận lại 5% khoản thua ròng hàng tuần của bạn.',
        ID: 'Dapatkan kembali 5% dari kerugian bersih mingguan Anda.',
      }),
      content: promoHtml(
        {
          EN: 'Weekly cashback',
          PT: 'Cashback semanal',
          FR: 'Cashback hebdomadaire',
          CN: '每周返现',
          VI: 'Hoàn tiền hàng tuần',
          ID: 'Cashback mingguan',
        },
        {
          EN: 'Paid every Monday.',
          PT: 'Pago toda segunda-feira.',
          FR: 'Versé chaque lundi.',
          CN: '每周一发放。',
          VI: 'Trả vào mỗi thứ Hai.',
          ID: 'Dibayarkan setiap Senin.',
        },
      ),
    },
    {
      key: 'referral',
      category: 'referral',
      image: '/img/promotions/referral.svg',
      title: t({
        EN: 'Invite friends, earn R$\u00a020 each',
        PT: 'Convide amigos e ganhe R$\u00a020 por cada',
        FR: 'Invitez des amis, gagnez 20 R$ chacun',
        CN: '邀请好友，每位奖励 R$\u00a020',
        VI: 'Mời bạn bè, nhận R$\u00a020 cho mỗi người',
        ID: 'Ajak teman, dapatkan R$\u00a020 per orang',
      }),
      summary: t({
        EN: 'When your friend deposits and plays.',
        PT: 'Quando seu amigo depositar e jogar.',
        FR: 'Quand votre ami dépose et joue.',
        CN: '好友存款并开始游戏后发放。',
        VI: 'Khi bạn của bạn nạp tiền và chơi.',
        ID: 'Saat teman Anda melakukan deposit dan bermain.',
      }),
      content: promoHtml(
        {
          EN: 'Referral reward',
          PT: 'Recompensa por indicação',
          FR: 'Récompense de parrainage',
          CN: '推荐奖励',
          VI: 'Thưởng giới thiệu',
          ID: 'Hadiah referral',
        },
        {
          EN: 'Share your link from the member centre.',
          PT: 'Compartilhe seu link no centro do membro.',
          FR: 'Partagez votre lien depuis l’espace membre.',
          CN: '在会员中心分享您的专属链接。',
          VI: 'Chia sẻ liên kết của bạn từ trung tâm thành viên.',
          ID: 'Bagikan tautan Anda dari pusat anggota.',
        },
      ),
    },
    {
      key: 'lottery',
      category: 'lottery',
      image: '/img/promotions/lottery.svg',
      title: t({
        EN: 'Lottery rebate 1.5%',
        PT: 'Rebate de loteria 1,5%',
        FR: 'Remise loterie 1,5 %',
        CN: '彩票返水 1.5%',
        VI: 'Hoàn trả xổ số 1,5%',
        ID: 'Rebate lotre 1,5%',
      }),
      summary: t({
        EN: 'On every SSC and PK10 bet.',
        PT: 'Em cada aposta SSC e PK10.',
        FR: 'Sur chaque pari SSC et PK10.',
        CN: '每一笔时时彩（SSC）和 PK10 投注均可享受。',
        VI: 'Cho mọi cược SSC và PK10.',
        ID: 'Untuk setiap taruhan SSC dan PK10.',
      }),
      content: promoHtml(
        { EN: 'Lottery rebate', PT: 'Rebate de loteria', FR: 'Remise loterie', CN: '彩票返水', VI: 'Hoàn trả xổ số', ID: 'Rebate lotre' },
        {
          EN: 'Credited after each draw.',
          PT: 'Creditado após cada sorteio.',
          FR: 'Crédité après chaque tirage.',
          CN: '每期开奖后到账。',
          VI: 'Được cộng vào tài khoản sau mỗi kỳ quay.',
          ID: 'Dikreditkan setelah setiap undian.',
        },
      ),
    },
  ],
  UEMOA: [
    {
      key: 'welcome',
      category: 'new_player',
      image: '/img/promotions/welcome.svg',
      title: t({
        EN: 'Welcome bonus 150% up to 100,000 XOF',
        PT: 'Bônus de boas-vindas 150% até 100.000 XOF',
        FR: 'Bonus de bienvenue 150 % jusqu’à 100 000 XOF',
        CN: '首存奖金 150%，最高 100,000\u00a0XOF',
        VI: 'Thưởng chào mừng 150%, tối đa 100.000\u00a0XOF',
        ID: 'Bonus selamat datang 150% hingga 100.000\u00a0XOF',
      }),
      summary: t({
        EN: 'On your first Orange Money or Wave deposit.',
        PT: 'No seu primeiro depósito Orange Money ou Wave.',
        FR: 'Sur votre premier dépôt Orange Money ou Wave.',
        CN: '首次通过 Orange Money 或 Wave 存款即可获得。',
        VI: 'Cho lần nạp tiền đầu tiên qua Orange Money hoặc Wave.',
        ID: 'Untuk deposit pertama Anda lewat Orange Money atau Wave.',
      }),
      content: promoHtml(
        {
          EN: 'Welcome bonus',
          PT: 'Bônus de boas-vindas',
          FR: 'Bonus de bienvenue',
          CN: '首存奖金',
          VI: 'Thưởng chào mừng',
          ID: 'Bonus selamat datang',
        },
        {
          EN: 'Deposit at least 2,000 XOF to receive 150% up to 100,000 XOF.',
          PT: 'Deposite pelo menos 2.000 XOF para receber 150% até 100.000 XOF.',
          FR: 'Déposez au moins 2 000 XOF pour recevoir 150 % jusqu’à 100 000 XOF.',
          CN: '存款至少 2,000\u00a0XOF，即可获得 150% 奖金，最高 100,000\u00a0XOF。',
          VI: 'Nạp ít nhất 2.000\u00a0XOF để nhận thêm 150%, tối đa 100.000\u00a0XOF.',
          ID: 'Deposit minimal 2.000\u00a0XOF untuk menerima 150% hingga 100.000\u00a0XOF.',
        },
      ),
    },
    {
      key: 'weekend',
      category: 'deposit',
      image: '/img/promotions/weekend.svg',
      title: t({
        EN: 'Weekend boost 20%',
        PT: 'Impulso de fim de semana 20%',
        FR: 'Boost du week-end 20 %',
        CN: '周末加赠 20%',
        VI: 'Thưởng thêm cuối tuần 20%',
        ID: 'Bonus akhir pekan 20%',
      }),
      summary: t({
        EN: 'Every Saturday and Sunday.',
        PT: 'Todo sábado e domingo.',
        FR: 'Chaque samedi et dimanche.',
        CN: '每周六和周日。',
        VI: 'Mỗi thứ Bảy và Chủ nhật.',
        ID: 'Setiap Sabtu dan Minggu.',
      }),
      content: promoHtml(
        {
          EN: 'Weekend boost',
          PT: 'Impulso de fim de semana',
          FR: 'Boost du week-end',
          CN: '周末加赠',
          VI: 'Thưởng thêm cuối tuần',
          ID: 'Bonus akhir pekan',
        },
        {
          EN: 'Up to 25,000 XOF per weekend.',
          PT: 'Até 25.000 XOF por fim de semana.',
          FR: 'Jusqu’à 25 000 XOF par week-end.',
          CN: '每个周末最高 25,000\u00a0XOF。',
          VI: 'Tối đa 25.000\u00a0XOF mỗi cuối tuần.',
          ID: 'Hingga 25.000\u00a0XOF per akhir pekan.',
        },
      ),
    },
    {
      key: 'vip',
      category: 'vip',
      image: '/img/promotions/vip.svg',
      title: t({
        EN: 'VIP club: monthly gifts',
        PT: 'Clube VIP: presentes mensais',
        FR: 'Club VIP : cadeaux mensuels',
        CN: 'VIP 俱乐部：每月礼金',
        VI: 'Câu lạc bộ VIP: quà tặng hằng tháng',
        ID: 'Klub VIP: hadiah bulanan',
      }),
      summary: t({
        EN: 'Climb the ranks for bigger rewards.',
        PT: 'Suba de nível para recompensas maiores.',
        FR: 'Montez en rang pour de plus grandes récompenses.',
        CN: '等级越高，奖励越丰厚。',
        VI: 'Thăng hạng để nhận phần thưởng lớn hơn.',
        ID: 'Naik peringkat untuk hadiah yang lebih besar.',
      }),
      content: promoHtml(
        { EN: 'VIP club', PT: 'Clube VIP', FR: 'Club VIP', CN: 'VIP 俱乐部', VI: 'Câu lạc bộ VIP', ID: 'Klub VIP' },
        {
          EN: 'Gifts are paid on the 1st of each month.',
          PT: 'Presentes pagos no dia 1 de cada mês.',
          FR: 'Cadeaux versés le 1er de chaque mois.',
          CN: '礼金于每月 1 日发放。',
          VI: 'Quà được trả vào ngày 1 hằng tháng.',
          ID: 'Hadiah dibayarkan setiap tanggal 1.',
        },
      ),
    },
  ],
};

/** The banners' titles, written over text-free artwork in the reader's language: every site language. */

const headlines: Record<string, Lang6[]> = {
  BRAZIL: [
    {
      EN: 'Daily rebate on every bet',
      PT: 'Rebate diário em cada aposta',
      FR: 'Remise quotidienne sur chaque mise',
      CN: '每笔投注每日返水',
      VI: 'Hoàn trả hằng ngày cho mọi cược',
      ID: 'Rebate harian untuk setiap taruhan',
    },
    {
      EN: 'Instant PIX deposits',
      PT: 'Depósitos PIX instantâneos',
      FR: 'Dépôts PIX instantanés',
      CN: 'PIX 即时存款',
      VI: 'Nạp tiền PIX tức thì',
      ID: 'Deposit PIX instan',
    },
    {
      EN: 'Lottery draws every minute',
      PT: 'Sorteios de loteria a cada minuto',
      FR: 'Tirages de loterie chaque minute',
      CN: '每分钟开奖',
      VI: 'Xổ số quay mỗi phút',
      ID: 'Undian lotre setiap menit',
    },
  ],
  UEMOA: [
    {
      EN: 'Welcome bonus 150%',
      PT: 'Bônus de boas-vindas 150%',
      FR: 'Bonus de bienvenue 150\u00a0%',
      CN: '首存奖金 150%',
      VI: 'Thưởng chào mừng 150%',
      ID: 'Bonus selamat datang 150%',
    },
    {
      EN: 'Orange Money and Wave',
      PT: 'Orange Money e Wave',
      FR: 'Orange Money et Wave',
      CN: 'Orange Money 和 Wave',
      VI: 'Orange Money và Wave',
      ID: 'Orange Money dan Wave',
    },
    {
      EN: 'Live casino tonight',
      PT: 'Cassino ao vivo esta noite',
      FR: 'Casino en direct ce soir',
      CN: '今晚真人娱乐场',
      VI: 'Sòng bài trực tiếp tối nay',
      ID: 'Kasino langsung malam ini',
    },
  ],
};

const groupTitles: Record<string, Lang6> = {
  down: {
    EN: 'Get the app',
    PT: 'Baixe o app',
    FR: 'Téléchargez l’application',
    CN: '下载 App',
    VI: 'Tải ứng dụng',
    ID: 'Unduh aplikasinya',
  },
  promotion: {
    EN: 'This week’s promotions',
    PT: 'Promoções da semana',
    FR: 'Promotions de la semaine',
    CN: '本周优惠',
    VI: 'Khuyến mãi tuần này',
    ID: 'Promosi minggu ini',
  },
  shop: { EN: 'Points mall', PT: 'Loja de pontos', FR: 'Boutique de points', CN: '积分商城', VI: 'Cửa hàng điểm', ID: 'Toko poin' },
  help: {
    EN: 'We are here to help',
    PT: 'Estamos aqui para ajudar',
    FR: 'Nous sommes là pour vous aider',
    CN: '我们随时为您服务',
    VI: 'Chúng tôi luôn sẵn sàng hỗ trợ',
    ID: 'Kami siap membantu',
  },
  reg: {
    EN: 'Join in one minute',
    PT: 'Cadastre-se em um minuto',
    FR: 'Inscrivez-vous en une minute',
    CN: '一分钟完成注册',
    VI: 'Đăng ký trong một phút',
    ID: 'Daftar dalam satu menit',
  },
  inhouse: {
    EN: 'House Originals',
    PT: 'House Originals',
    FR: 'House Originals',
    CN: 'House Originals',
    VI: 'House Originals',
    ID: 'House Originals',
  },
};

/** Banners per merchant; home slides 1 and 3 link to a promotion and to the lottery page. */
export function demoBanners(merchantCode: string, promotionIds: Record<string, number>): SeedBanner[] {
  const slug = merchantCode.toLowerCase();
  const home = (headlines[merchantCode] ?? []).map((h, i): SeedBanner => {
    const links: [string, string][] = [
      ['promotion', String(promotionIds.welcome ?? promotionIds.rebate ?? '')],
      ['', ''],
      ['route', '/lottery'],
    ];
    const [linkageType, linkageTarget] = links[i] ?? ['', ''];
    return { group: 'w_home', image: `/img/banners/${slug}-home-${i + 1}.svg`, title: t(h), linkageType, linkageTarget };
  });
  const others = Object.entries(groupTitles).map(
    ([g, title]): SeedBanner => ({
      group: `w_${g}`,
      image: `/img/banners/${slug}-${g}.svg`,
      title: t(title),
      linkageType: g === 'reg' ? 'route' : '',
      linkageTarget: g === 'reg' ? '/register' : '',
    }),
  );
  return [...home, ...others];
}

export interface SeedAnnouncement {
  type: string;
  title: LocalText;
  content: LocalText;
  /** Days before the seed time it was published. */
  daysAgo: number;
}

const notice = (type: string, daysAgo: number, title: Lang6, body: Lang6): SeedAnnouncement => ({
  type,
  daysAgo,
  title: t(title),
  content: Object.fromEntries(Object.entries(body).map(([lang, text]) => [lang, `<p>${text}</p>`])),
});

export function demoAnnouncements(merchantCode: string): SeedAnnouncement[] {
  const brand = merchantCode === 'BRAZIL' ? 'Sorte Brasil' : 'Lion Bet';
  const list: SeedAnnouncement[] = [
    notice(
      'PU',
      0,
      {
        EN: `Welcome to ${brand}`,
        PT: `Bem-vindo ao ${brand}`,
        FR: `Bienvenue sur ${brand}`,
        CN: `欢迎来到 ${brand}`,
        VI: `Chào mừng bạn đến với ${brand}`,
        ID: `Selamat datang di ${brand}`,
      },
      {
        EN: 'Read the latest notices from the support menu at any time.',
        PT: 'Leia os avisos mais recentes no menu de suporte a qualquer momento.',
        FR: 'Consultez les dernières annonces depuis le menu d’assistance à tout moment.',
        CN: '您可随时在客服菜单中查看最新公告。',
        VI: 'Bạn có thể xem các thông báo mới nhất trong menu hỗ trợ bất cứ lúc nào.',
        ID: 'Baca pengumuman terbaru dari menu bantuan kapan saja.',
      },
    ),
  ];
  const topics: [Lang6, Lang6][] = [
    [
      {
        EN: 'Scheduled maintenance',
        PT: 'Manutenção programada',
        FR: 'Maintenance programmée',
        CN: '计划维护',
        VI: 'Bảo trì định kỳ',
        ID: 'Pemeliharaan terjadwal',
      },
      {
        EN: 'Live casino will be briefly unavailable on Sunday 03:00-03:30.',
        PT: 'O cassino ao vivo ficará indisponível no domingo, das 03:00 às 03:30.',
        FR: 'Le casino en direct sera brièvement indisponible dimanche de 03:00 à 03:30.',
        CN: '真人娱乐场将于周日 03:00-03:30 短暂暂停服务。',
        VI: 'Sòng bài trực tiếp sẽ tạm ngưng trong thời gian ngắn vào Chủ nhật, từ 03:00 đến 03:30.',
        ID: 'Kasino langsung tidak tersedia sebentar pada hari Minggu pukul 03.00-03.30.',
      },
    ],
    [
      {
        EN: 'New lottery games',
        PT: 'Novos jogos de loteria',
        FR: 'Nouveaux jeux de loterie',
        CN: '新彩票游戏上线',
        VI: 'Trò chơi xổ số mới',
        ID: 'Permainan lotre baru',
      },
      {
        EN: '1-minute SSC and PK10 draws are now open.',
        PT: 'Os sorteios SSC e PK10 de 1 minuto estão abertos.',
        FR: 'Les tirages SSC et PK10 d’une minute sont ouverts.',
        CN: '1 分钟开奖的时时彩（SSC）和 PK10 现已开放。',
        VI: 'Các kỳ quay SSC và PK10 1 phút đã mở.',
        ID: 'Undian SSC dan PK10 1 menit kini sudah dibuka.',
      },
    ],
    [
      {
        EN: 'Responsible gaming',
        PT: 'Jogo responsável',
        FR: 'Jeu responsable',
        CN: '理性游戏',
        VI: 'Chơi có trách nhiệm',
        ID: 'Bermain secara bertanggung jawab',
      },
      {
        EN: 'Set deposit limits in the security centre.',
        PT: 'Defina limites de depósito na central de segurança.',
        FR: 'Fixez des limites de dépôt dans le centre de sécurité.',
        CN: '您可以在安全中心设置存款限额。',
        VI: 'Đặt giới hạn nạp tiền trong trung tâm bảo mật.',
        ID: 'Atur batas deposit di pusat keamanan.',
      },
    ],
    [
      {
        EN: 'Faster withdrawals',
        PT: 'Saques mais rápidos',
        FR: 'Retraits plus rapides',
        CN: '提款更快',
        VI: 'Rút tiền nhanh hơn',
        ID: 'Penarikan lebih cepat',
      },
      {
        EN: 'Most withdrawals are now paid within 10 minutes.',
        PT: 'A maioria dos saques agora é paga em até 10 minutos.',
        FR: 'La plupart des retraits sont désormais payés en 10 minutes.',
        CN: '现在大多数提款在 10 分钟内到账。',
        VI: 'Hầu hết các lệnh rút tiền giờ được chi trả trong vòng 10 phút.',
        ID: 'Sebagian besar penarikan kini dibayarkan dalam 10 menit.',
      },
    ],
    [
      {
        EN: 'Protect your account',
        PT: 'Proteja sua conta',
        FR: 'Protégez votre compte',
        CN: '保护您的账户',
        VI: 'Bảo vệ tài khoản của bạn',
        ID: 'Lindungi akun Anda',
      },
      {
        EN: 'We never ask for your password by phone or chat.',
        PT: 'Nunca pedimos sua senha por telefone ou chat.',
        FR: 'Nous ne demandons jamais votre mot de passe par téléphone ou chat.',
        CN: '我们绝不会通过电话或在线聊天索取您的密码。',
        VI: 'Chúng tôi không bao giờ hỏi mật khẩu của bạn qua điện thoại hoặc tin nhắn trò chuyện.',
        ID: 'Kami tidak pernah meminta kata sandi Anda lewat telepon atau chat.',
      },
    ],
    [
      {
        EN: 'VIP programme update',
        PT: 'Atualização do programa VIP',
        FR: 'Mise à jour du programme VIP',
        CN: 'VIP 计划更新',
        VI: 'Cập nhật chương trình VIP',
        ID: 'Pembaruan program VIP',
      },
      {
        EN: 'Rank rewards are now paid every month.',
        PT: 'As recompensas de nível agora são pagas todo mês.',
        FR: 'Les récompenses de rang sont désormais versées chaque mois.',
        CN: '等级奖励现已改为每月发放。',
        VI: 'Phần thưởng theo hạng giờ được trả hằng tháng.',
        ID: 'Hadiah peringkat kini dibayarkan setiap bulan.',
      },
    ],
  ];
  // Twelve notices, so the notice dialog has two pages of 9.
  for (let i = 0; i < 12; i++) {
    const [title, body] = topics[i % topics.length] as [Lang6, Lang6];
    const n = Math.floor(i / topics.length) + 1;
    list.push(
      notice(
        i % 4 === 0 ? 'H' : 'B',
        i + 1,
        n > 1 ? (Object.fromEntries(Object.entries(title).map(([lang, text]) => [lang, `${text} (${n})`])) as Lang6) : title,
        body,
      ),
    );
  }
  return list;
}

export const demoHelpArticles: { category: string; title: Lang6; content: Lang6 }[] = [
  {
    category: 'account',
    title: {
      EN: 'How do I create an account?',
      PT: 'Como criar uma conta?',
      FR: 'Comment créer un compte ?',
      CN: '如何注册账户？',
      VI: 'Làm thế nào để tạo tài khoản?',
      ID: 'Bagaimana cara membuat akun?',
    },
    content: {
      EN: '<p>Press <b>Register</b>, choose a username and password or use your mobile number, accept the terms and confirm you are 18 or older.</p>',
      PT: '<p>Clique em <b>Cadastrar</b>, escolha um nome de usuário e senha ou use seu celular, aceite os termos e confirme que tem 18 anos ou mais.</p>',
      FR: '<p>Appuyez sur <b>S’inscrire</b>, choisissez un identifiant et un mot de passe ou utilisez votre numéro de mobile, acceptez les conditions et confirmez avoir 18 ans ou plus.</p>',
      CN: '<p>点击<b>注册</b>，设置用户名和密码或使用手机号码，接受条款并确认您已年满 18 岁。</p>',
      VI: '<p>Nhấn <b>Đăng ký</b>, chọn tên đăng nhập và mật khẩu hoặc dùng số điện thoại di động, đồng ý với các điều khoản và xác nhận bạn từ 18 tuổi trở lên.</p>',
      ID: '<p>Tekan <b>Daftar</b>, pilih nama pengguna dan kata sandi atau gunakan nomor ponsel Anda, setujui ketentuannya, lalu konfirmasikan bahwa Anda berusia 18 tahun atau lebih.</p>',
    },
  },
  {
    category: 'payments',
    title: {
      EN: 'How do deposits work?',
      PT: 'Como funcionam os depósitos?',
      FR: 'Comment fonctionnent les dépôts ?',
      CN: '如何存款？',
      VI: 'Nạp tiền như thế nào?',
      ID: 'Bagaimana cara deposit?',
    },
    content: {
      EN: '<p>Open the member centre, choose Deposit, pick a method and follow its instructions. Your balance updates as soon as the payment is confirmed.</p>',
      PT: '<p>Abra o centro do membro, escolha Depósito, selecione um método e siga as instruções. Seu saldo é atualizado assim que o pagamento for confirmado.</p>',
      FR: '<p>Ouvrez l’espace membre, choisissez Dépôt, sélectionnez un moyen et suivez ses instructions. Votre solde est mis à jour dès la confirmation du paiement.</p>',
      CN: '<p>打开会员中心，选择“存款”，选择一种支付方式并按提示操作。付款确认后，余额会立即更新。</p>',
      VI: '<p>Mở trung tâm thành viên, chọn Nạp tiền, chọn một phương thức và làm theo hướng dẫn. Số dư của bạn được cập nhật ngay khi khoản thanh toán được xác nhận.</p>',
      ID: '<p>Buka pusat anggota, pilih Deposit, pilih metode pembayaran, lalu ikuti petunjuknya. Saldo Anda diperbarui begitu pembayaran dikonfirmasi.</p>',
    },
  },
  {
    category: 'payments',
    title: {
      EN: 'When can I withdraw?',
      PT: 'Quando posso sacar?',
      FR: 'Quand puis-je retirer ?',
      CN: '什么时候可以提款？',
      VI: 'Khi nào tôi có thể rút tiền?',
      ID: 'Kapan saya bisa menarik dana?',
    },
    content: {
      EN: '<p>Once each deposit has been wagered the number of times your region requires. The withdrawal page shows what remains.</p>',
      PT: '<p>Depois que cada depósito for apostado o número de vezes exigido na sua região. A página de saque mostra o que falta.</p>',
      FR: '<p>Une fois chaque dépôt misé le nombre de fois requis dans votre région. La page de retrait indique ce qu’il reste.</p>',
      CN: '<p>每笔存款完成您所在地区要求的投注倍数后即可提款。提款页面会显示还需完成的投注额。</p>',
      VI: '<p>Khi mỗi khoản nạp đã được cược đủ số lần mà khu vực của bạn yêu cầu. Trang rút tiền cho biết phần còn lại.</p>',
      ID: '<p>Setelah setiap deposit dipertaruhkan sebanyak yang diwajibkan di wilayah Anda. Halaman penarikan menampilkan sisanya.</p>',
    },
  },
  {
    category: 'responsible',
    title: {
      EN: 'Responsible gaming',
      PT: 'Jogo responsável',
      FR: 'Jeu responsable',
      CN: '理性游戏',
      VI: 'Chơi có trách nhiệm',
      ID: 'Bermain secara bertanggung jawab',
    },
    content: {
      EN: '<p>Gaming is for adults (18+). Set limits, take breaks, and contact customer service if you need help.</p>',
      PT: '<p>Jogos são para adultos (18+). Defina limites, faça pausas e fale com o atendimento se precisar de ajuda.</p>',
      FR: '<p>Le jeu est réservé aux adultes (18+). Fixez des limites, faites des pauses et contactez le service client si besoin.</p>',
      CN: '<p>游戏仅限成年人（18 岁以上）。请设定限额、适时休息，如需帮助请联系客服。</p>',
      VI: '<p>Trò chơi chỉ dành cho người trưởng thành (18+). Hãy đặt giới hạn, nghỉ ngơi hợp lý và liên hệ bộ phận chăm sóc khách hàng nếu bạn cần giúp đỡ.</p>',
      ID: '<p>Permainan hanya untuk orang dewasa (18+). Tetapkan batas, beristirahatlah, dan hubungi layanan pelanggan jika Anda butuh bantuan.</p>',
    },
  },
  {
    category: 'agreement',
    title: {
      EN: 'User agreement',
      PT: 'Termos de uso',
      FR: 'Conditions d’utilisation',
      CN: '用户协议',
      VI: 'Điều khoản sử dụng',
      ID: 'Perjanjian pengguna',
    },
    content: {
      EN: '<p>By registering you confirm you are of legal age, that the account is yours alone, and that you accept the house rules of each game.</p>',
      PT: '<p>Ao se cadastrar, você confirma ser maior de idade, que a conta é somente sua e que aceita as regras de cada jogo.</p>',
      FR: '<p>En vous inscrivant, vous confirmez être majeur, que le compte vous appartient à vous seul et que vous acceptez les règles de chaque jeu.</p>',
      CN: '<p>注册即表示您确认已达到法定年龄、账户仅归您本人使用，并接受每款游戏的规则。</p>',
      VI: '<p>Khi đăng ký, bạn xác nhận mình đã đủ tuổi theo quy định, tài khoản chỉ thuộc về riêng bạn và bạn chấp nhận luật chơi của từng trò chơi.</p>',
      ID: '<p>Dengan mendaftar, Anda menyatakan sudah cukup umur, akun ini hanya milik Anda sendiri, dan Anda menerima aturan setiap permainan.</p>',
    },
  },
];
