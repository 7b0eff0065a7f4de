import type { LocalText } from '../modules/content/content.tables.ts';

type Lang3 = { EN: string; PT: string; FR: string };
const t = (x: Lang3): LocalText => ({ ...x });

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

const promoHtml = (x: Lang3, rules: Lang3): LocalText => ({
  EN: `<h3>${x.EN}</h3><p>${rules.EN}</p><ul><li>Valid for real-money accounts only.</li><li>Play responsibly: 18+ only.</li></ul>`,
  PT: `<h3>${x.PT}</h3><p>${rules.PT}</p><ul><li>Válido apenas para contas com dinheiro real.</li><li>Jogue com responsabilidade: apenas maiores de 18.</li></ul>`,
  FR: `<h3>${x.FR}</h3><p>${rules.FR}</p><ul><li>Valable uniquement pour les comptes en argent réel.</li><li>Jouez de manière responsable : 18+ uniquement.</li></ul>`,
});

export const demoPromotions: Record<string, SeedPromotion[]> = {
  BRAZIL: [
    {
      key: 'rebate',
      category: 'cashback',
      image: '/img/promotions/rebate.svg',
      title: t({ EN: 'Daily rebate up to 0.8%', PT: 'Rebate diário de até 0,8%', FR: 'Remise quotidienne jusqu’à 0,8 %' }),
      summary: t({
        EN: 'A share of yesterday’s bets, paid every morning.',
        PT: 'Uma parte das apostas de ontem, paga toda manhã.',
        FR: 'Une part des mises de la veille, versée chaque matin.',
      }),
      content: promoHtml(
        { EN: 'Daily rebate', PT: 'Rebate diário', FR: 'Remise quotidienne' },
        {
          EN: 'Each day’s settled bets earn 0.8% on slots, 0.5% on lottery and live casino, 0.3% on other games, up to R$ 500 a day, paid after the day ends with a 1x rollover. Paid only on bets already placed, as Brazilian law requires: no bonus is given before a bet.',
          PT: 'As apostas liquidadas de cada dia rendem 0,8% em slots, 0,5% em loteria e cassino ao vivo, 0,3% nos demais jogos, até R$ 500 por dia, pagos após o fim do dia com rollover de 1x. Pago apenas sobre apostas já feitas, como exige a lei brasileira: nenhum bônus é dado antes de uma aposta.',
          FR: 'Les mises réglées de chaque jour rapportent 0,8 % sur les machines à sous, 0,5 % sur la loterie et le casino en direct, 0,3 % sur les autres jeux, jusqu’à 500 R$ par jour, versés après la fin de la journée avec une mise de 1x. Versé uniquement sur des mises déjà placées, comme l’exige la loi brésilienne : aucun bonus n’est accordé avant un pari.',
        },
      ),
    },
    {
      key: 'cashback',
      category: 'cashback',
      image: '/img/promotions/cashback.svg',
      title: t({ EN: 'Weekly cashback 5%', PT: 'Cashback semanal 5%', FR: 'Cashback hebdomadaire 5 %' }),
      summary: t({
        EN: 'Get back 5% of your weekly net loss.',
        PT: 'Receba de volta 5% da sua perda líquida semanal.',
        FR: 'Récupérez 5 % de votre perte nette hebdomadaire.',
      }),
      content: promoHtml(
        { EN: 'Weekly cashback', PT: 'Cashback semanal', FR: 'Cashback hebdomadaire' },
        { EN: 'Paid every Monday.', PT: 'Pago toda segunda-feira.', FR: 'Versé chaque lundi.' },
      ),
    },
    {
      key: 'referral',
      category: 'referral',
      image: '/img/promotions/referral.svg',
      title: t({
        EN: 'Invite friends, earn R$ 20 each',
        PT: 'Convide amigos e ganhe R$ 20 por cada',
        FR: 'Invitez des amis, gagnez 20 R$ chacun',
      }),
      summary: t({
        EN: 'When your friend deposits and plays.',
        PT: 'Quando seu amigo depositar e jogar.',
        FR: 'Quand votre ami dépose et joue.',
      }),
      content: promoHtml(
        { EN: 'Referral reward', PT: 'Recompensa por indicação', FR: 'Récompense de parrainage' },
        {
          EN: 'Share your link from the member centre.',
          PT: 'Compartilhe seu link no centro do membro.',
          FR: 'Partagez votre lien depuis l’espace membre.',
        },
      ),
    },
    {
      key: 'lottery',
      category: 'lottery',
      image: '/img/promotions/lottery.svg',
      title: t({ EN: 'Lottery rebate 1.5%', PT: 'Rebate de loteria 1,5%', FR: 'Remise loterie 1,5 %' }),
      summary: t({ EN: 'On every SSC and PK10 bet.', PT: 'Em cada aposta SSC e PK10.', FR: 'Sur chaque pari SSC et PK10.' }),
      content: promoHtml(
        { EN: 'Lottery rebate', PT: 'Rebate de loteria', FR: 'Remise loterie' },
        { EN: 'Credited after each draw.', PT: 'Creditado após cada sorteio.', FR: 'Crédité après chaque tirage.' },
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
      }),
      summary: t({
        EN: 'On your first Orange Money or Wave deposit.',
        PT: 'No seu primeiro depósito Orange Money ou Wave.',
        FR: 'Sur votre premier dépôt Orange Money ou Wave.',
      }),
      content: promoHtml(
        { EN: 'Welcome bonus', PT: 'Bônus de boas-vindas', FR: 'Bonus de bienvenue' },
        {
          EN: 'Deposit at least 2,000 XOF to receive 150% up to 100,000 XOF.',
          PT: 'Deposite pelo menos 2.000 XOF para receber 150% até 100.000 XOF.',
          FR: 'Déposez au moins 2 000 XOF pour recevoir 150 % jusqu’à 100 000 XOF.',
        },
      ),
    },
    {
      key: 'weekend',
      category: 'deposit',
      image: '/img/promotions/weekend.svg',
      title: t({ EN: 'Weekend boost 20%', PT: 'Impulso de fim de semana 20%', FR: 'Boost du week-end 20 %' }),
      summary: t({ EN: 'Every Saturday and Sunday.', PT: 'Todo sábado e domingo.', FR: 'Chaque samedi et dimanche.' }),
      content: promoHtml(
        { EN: 'Weekend boost', PT: 'Impulso de fim de semana', FR: 'Boost du week-end' },
        { EN: 'Up to 25,000 XOF per weekend.', PT: 'Até 25.000 XOF por fim de semana.', FR: 'Jusqu’à 25 000 XOF par week-end.' },
      ),
    },
    {
      key: 'vip',
      category: 'vip',
      image: '/img/promotions/vip.svg',
      title: t({ EN: 'VIP club: monthly gifts', PT: 'Clube VIP: presentes mensais', FR: 'Club VIP : cadeaux mensuels' }),
      summary: t({
        EN: 'Climb the ranks for bigger rewards.',
        PT: 'Suba de nível para recompensas maiores.',
        FR: 'Montez en rang pour de plus grandes récompenses.',
      }),
      content: promoHtml(
        { EN: 'VIP club', PT: 'Clube VIP', FR: 'Club VIP' },
        {
          EN: 'Gifts are paid on the 1st of each month.',
          PT: 'Presentes pagos no dia 1 de cada mês.',
          FR: 'Cadeaux versés le 1er de chaque mois.',
        },
      ),
    },
  ],
};

/** The banners' titles, written over text-free artwork in the reader's language: every site language. */
type Lang6 = Lang3 & { CN: string; VI: string; ID: string };

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

const notice = (type: string, daysAgo: number, title: Lang3, body: Lang3): SeedAnnouncement => ({
  type,
  daysAgo,
  title: t(title),
  content: { EN: `<p>${body.EN}</p>`, PT: `<p>${body.PT}</p>`, FR: `<p>${body.FR}</p>` },
});

export function demoAnnouncements(merchantCode: string): SeedAnnouncement[] {
  const brand = merchantCode === 'BRAZIL' ? 'Sorte Brasil' : 'Lion Bet';
  const list: SeedAnnouncement[] = [
    notice(
      'PU',
      0,
      { EN: `Welcome to ${brand}`, PT: `Bem-vindo ao ${brand}`, FR: `Bienvenue sur ${brand}` },
      {
        EN: 'Read the latest notices from the support menu at any time.',
        PT: 'Leia os avisos mais recentes no menu de suporte a qualquer momento.',
        FR: 'Consultez les dernières annonces depuis le menu d’assistance à tout moment.',
      },
    ),
  ];
  const topics: [Lang3, Lang3][] = [
    [
      { EN: 'Scheduled maintenance', PT: 'Manutenção programada', FR: 'Maintenance programmée' },
      {
        EN: 'Live casino will be briefly unavailable on Sunday 03:00-03:30.',
        PT: 'O cassino ao vivo ficará indisponível no domingo, das 03:00 às 03:30.',
        FR: 'Le casino en direct sera brièvement indisponible dimanche de 03:00 à 03:30.',
      },
    ],
    [
      { EN: 'New lottery games', PT: 'Novos jogos de loteria', FR: 'Nouveaux jeux de loterie' },
      {
        EN: '1-minute SSC and PK10 draws are now open.',
        PT: 'Os sorteios SSC e PK10 de 1 minuto estão abertos.',
        FR: 'Les tirages SSC et PK10 d’une minute sont ouverts.',
      },
    ],
    [
      { EN: 'Responsible gaming', PT: 'Jogo responsável', FR: 'Jeu responsable' },
      {
        EN: 'Set deposit limits in the security centre.',
        PT: 'Defina limites de depósito na central de segurança.',
        FR: 'Fixez des limites de dépôt dans le centre de sécurité.',
      },
    ],
    [
      { EN: 'Faster withdrawals', PT: 'Saques mais rápidos', FR: 'Retraits plus rapides' },
      {
        EN: 'Most withdrawals are now paid within 10 minutes.',
        PT: 'A maioria dos saques agora é paga em até 10 minutos.',
        FR: 'La plupart des retraits sont désormais payés en 10 minutes.',
      },
    ],
    [
      { EN: 'Protect your account', PT: 'Proteja sua conta', FR: 'Protégez votre compte' },
      {
        EN: 'We never ask for your password by phone or chat.',
        PT: 'Nunca pedimos sua senha por telefone ou chat.',
        FR: 'Nous ne demandons jamais votre mot de passe par téléphone ou chat.',
      },
    ],
    [
      { EN: 'VIP programme update', PT: 'Atualização do programa VIP', FR: 'Mise à jour du programme VIP' },
      {
        EN: 'Rank rewards are now paid every month.',
        PT: 'As recompensas de nível agora são pagas todo mês.',
        FR: 'Les récompenses de rang sont désormais versées chaque mois.',
      },
    ],
  ];
  // Twelve notices, so the notice dialog has two pages of 9.
  for (let i = 0; i < 12; i++) {
    const [title, body] = topics[i % topics.length] as [Lang3, Lang3];
    const n = Math.floor(i / topics.length) + 1;
    list.push(
      notice(
        i % 4 === 0 ? 'H' : 'B',
        i + 1,
        n > 1 ? { EN: `${title.EN} (${n})`, PT: `${title.PT} (${n})`, FR: `${title.FR} (${n})` } : title,
        body,
      ),
    );
  }
  return list;
}

export const demoHelpArticles: { category: string; title: Lang3; content: Lang3 }[] = [
  {
    category: 'account',
    title: { EN: 'How do I create an account?', PT: 'Como criar uma conta?', FR: 'Comment créer un compte ?' },
    content: {
      EN: '<p>Press <b>Register</b>, choose a username and password or use your mobile number, accept the terms and confirm you are 18 or older.</p>',
      PT: '<p>Clique em <b>Cadastrar</b>, escolha um nome de usuário e senha ou use seu celular, aceite os termos e confirme que tem 18 anos ou mais.</p>',
      FR: '<p>Appuyez sur <b>S’inscrire</b>, choisissez un identifiant et un mot de passe ou utilisez votre numéro de mobile, acceptez les conditions et confirmez avoir 18 ans ou plus.</p>',
    },
  },
  {
    category: 'payments',
    title: { EN: 'How do deposits work?', PT: 'Como funcionam os depósitos?', FR: 'Comment fonctionnent les dépôts ?' },
    content: {
      EN: '<p>Open the member centre, choose Deposit, pick a method and follow its instructions. Your balance updates as soon as the payment is confirmed.</p>',
      PT: '<p>Abra o centro do membro, escolha Depósito, selecione um método e siga as instruções. Seu saldo é atualizado assim que o pagamento for confirmado.</p>',
      FR: '<p>Ouvrez l’espace membre, choisissez Dépôt, sélectionnez un moyen et suivez ses instructions. Votre solde est mis à jour dès la confirmation du paiement.</p>',
    },
  },
  {
    category: 'payments',
    title: { EN: 'When can I withdraw?', PT: 'Quando posso sacar?', FR: 'Quand puis-je retirer ?' },
    content: {
      EN: '<p>Once each deposit has been wagered the number of times your region requires. The withdrawal page shows what remains.</p>',
      PT: '<p>Depois que cada depósito for apostado o número de vezes exigido na sua região. A página de saque mostra o que falta.</p>',
      FR: '<p>Une fois chaque dépôt misé le nombre de fois requis dans votre région. La page de retrait indique ce qu’il reste.</p>',
    },
  },
  {
    category: 'responsible',
    title: { EN: 'Responsible gaming', PT: 'Jogo responsável', FR: 'Jeu responsable' },
    content: {
      EN: '<p>Gaming is for adults (18+). Set limits, take breaks, and contact customer service if you need help.</p>',
      PT: '<p>Jogos são para adultos (18+). Defina limites, faça pausas e fale com o atendimento se precisar de ajuda.</p>',
      FR: '<p>Le jeu est réservé aux adultes (18+). Fixez des limites, faites des pauses et contactez le service client si besoin.</p>',
    },
  },
  {
    category: 'agreement',
    title: { EN: 'User agreement', PT: 'Termos de uso', FR: 'Conditions d’utilisation' },
    content: {
      EN: '<p>By registering you confirm you are of legal age, that the account is yours alone, and that you accept the house rules of each game.</p>',
      PT: '<p>Ao se cadastrar, você confirma ser maior de idade, que a conta é somente sua e que aceita as regras de cada jogo.</p>',
      FR: '<p>En vous inscrivant, vous confirmez être majeur, que le compte vous appartient à vous seul et que vous acceptez les règles de chaque jeu.</p>',
    },
  },
];
