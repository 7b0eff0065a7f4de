import { sendNotice } from '../modules/inbox/inbox.service.ts';
import type { Db } from '../platform/db.ts';

const DAY_MS = 86_400_000;

/** The demo merchants' brands, as their welcome message names them. */
const brands: Record<string, string> = { BRAZIL: 'Sorte Brasil', UEMOA: 'Lion Bet' };

/** A notice of each demo merchant's promotion (those of content.seed.ts). */
const promotionNotices: Record<string, { title: Record<string, string>; content: Record<string, string> }> = {
  BRAZIL: {
    title: {
      EN: 'New: weekly cashback 5%',
      PT: 'Novidade: cashback semanal de 5%',
      FR: 'Nouveau : cashback hebdomadaire de 5 %',
      CN: '新活动：每周返现 5%',
      VI: 'Mới: hoàn tiền hàng tuần 5%',
      ID: 'Baru: cashback mingguan 5%',
    },
    content: {
      EN: 'Every Monday 5% of last week’s net losses comes back to your wallet. See the promotions page for the rules.',
      PT: 'Toda segunda-feira 5% das perdas líquidas da semana passada voltam para a sua carteira. Veja as regras na página de promoções.',
      FR: 'Chaque lundi, 5 % des pertes nettes de la semaine passée reviennent dans votre portefeuille. Consultez les règles sur la page des promotions.',
      CN: '每周一，上周净亏损的 5% 将返还到您的钱包。规则请见优惠活动页面。',
      VI: 'Mỗi thứ Hai, 5% khoản thua ròng của tuần trước sẽ được hoàn vào ví của bạn. Xem quy định tại trang khuyến mãi.',
      ID: 'Setiap Senin 5% kerugian bersih minggu lalu kembali ke dompet Anda. Lihat aturannya di halaman promosi.',
    },
  },
  UEMOA: {
    title: {
      EN: 'Welcome bonus 150%',
      PT: 'Bônus de boas-vindas de 150%',
      FR: 'Bonus de bienvenue de 150 %',
      CN: '迎新奖金 150%',
      VI: 'Thưởng chào mừng 150%',
      ID: 'Bonus selamat datang 150%',
    },
    content: {
      EN: 'Your first deposit by Orange Money or Wave earns a 150% bonus. See the promotions page for the rules.',
      PT: 'Seu primeiro depósito por Orange Money ou Wave rende um bônus de 150%. Veja as regras na página de promoções.',
      FR: 'Votre premier dépôt par Orange Money ou Wave vous rapporte un bonus de 150 %. Consultez les règles sur la page des promotions.',
      CN: '通过 Orange Money 或 Wave 首次存款可获得 150% 奖金。规则请见优惠活动页面。',
      VI: 'Lần nạp tiền đầu tiên qua Orange Money hoặc Wave được thưởng 150%. Xem quy định tại trang khuyến mãi.',
      ID: 'Deposit pertama Anda lewat Orange Money atau Wave mendapat bonus 150%. Lihat aturannya di halaman promosi.',
    },
  },
};

/**
 * The demo players' platform messages: a welcome and a promotion notice to every player of the
 * merchant (so a visitor who registers sees them too), sent through the same service as an
 * operator's messages.
 */
export async function seedInbox(db: Db, merchant: { id: number; code: string }, now: Date): Promise<void> {
  const brand = brands[merchant.code] ?? merchant.code;
  await sendNotice(
    db,
    {
      audience: 'merchant',
      merchantId: merchant.id,
      title: {
        EN: `Welcome to ${brand}`,
        PT: `Bem-vindo ao ${brand}`,
        FR: `Bienvenue chez ${brand}`,
        CN: `欢迎来到 ${brand}`,
        VI: `Chào mừng bạn đến với ${brand}`,
        ID: `Selamat datang di ${brand}`,
      },
      content: {
        EN: 'Your account is ready. Set a payment password in the security centre before your first withdrawal, and play responsibly: limits are in your member centre.',
        PT: 'Sua conta está pronta. Defina uma senha de pagamento na central de segurança antes do seu primeiro saque e jogue com responsabilidade: os limites estão na sua central do membro.',
        FR: 'Votre compte est prêt. Définissez un mot de passe de paiement dans le centre de sécurité avant votre premier retrait, et jouez de manière responsable : les limites sont dans votre espace membre.',
        CN: '您的账户已就绪。首次提款前请在安全中心设置支付密码，并理性游戏：限额设置在会员中心。',
        VI: 'Tài khoản của bạn đã sẵn sàng. Hãy đặt mật khẩu thanh toán trong trung tâm bảo mật trước lần rút tiền đầu tiên và chơi có trách nhiệm: giới hạn nằm trong trung tâm thành viên.',
        ID: 'Akun Anda sudah siap. Atur kata sandi pembayaran di pusat keamanan sebelum penarikan pertama Anda, dan bermainlah secara bertanggung jawab: batasan ada di pusat anggota Anda.',
      },
      publishAt: new Date(now.getTime() - 2 * DAY_MS),
      createdBy: 'seed',
    },
    now,
  );
  const promotion = promotionNotices[merchant.code];
  if (promotion) {
    await sendNotice(
      db,
      { audience: 'merchant', merchantId: merchant.id, ...promotion, publishAt: new Date(now.getTime() - DAY_MS), createdBy: 'seed' },
      now,
    );
  }
}
