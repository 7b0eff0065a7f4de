import { memberByAccount } from '../modules/members/members.service.ts';
import { addMallItem } from '../modules/points/mall.service.ts';
import { POINTS_CURRENCY, pointsKinds, setPointsRules } from '../modules/points/points.service.ts';
import { grantMany } from '../modules/wallet/ledger.grants.ts';
import type { Db } from '../platform/db.ts';
import { demoAccounts } from './members.seed.ts';

type Rules = Parameters<typeof setPointsRules>[1];

/**
 * The demo merchants' points rules (minor units). Brazil: bets only (a point for a deposit would be an
 * advantage given before any bet, which Lei 14.790 art. 29 forbids), 1 point per R$ 10 of slots and
 * per R$ 20 elsewhere, lottery none; 100 points = R$ 1. UEMOA: 1 point per 1 000 F CFA bet or
 * deposited; 100 points = 100 F CFA.
 */
const rules: Record<string, Omit<Rules, 'merchantId'>> = {
  BRAZIL: {
    enabled: true,
    betRules: { RNG: 1_000, '*': 2_000, LOTT: 0, ELOTT: 0 },
    depositUnit: 0,
    convertPoints: 100,
    convertCash: 100,
    convertMin: 500,
  },
  UEMOA: {
    enabled: true,
    betRules: { '*': 1_000, LOTT: 0 },
    depositUnit: 1_000,
    convertPoints: 100,
    convertCash: 100,
    convertMin: 500,
  },
};

const goods = [
  {
    kind: 'goods' as const,
    image: '/img/mall/tshirt.svg',
    points: 3_000,
    stock: 40,
    dailyLimit: 1,
    name: {
      EN: 'Team T-shirt',
      PT: 'Camiseta do time',
      FR: 'T-shirt de l’équipe',
      CN: '球队T恤',
      VI: 'Áo thun đội bóng',
      ID: 'Kaos tim',
    },
    description: {
      EN: 'Cotton, sizes S to XL, shipped to your address',
      PT: 'Algodão, tamanhos P a GG, enviada ao seu endereço',
      FR: 'Coton, tailles S à XL, livré à votre adresse',
      CN: '纯棉，S 至 XL 码，寄送到您的地址',
      VI: 'Cotton, cỡ S đến XL, giao đến địa chỉ của bạn',
      ID: 'Katun, ukuran S sampai XL, dikirim ke alamat Anda',
    },
  },
  {
    kind: 'goods' as const,
    image: '/img/mall/cap.svg',
    points: 2_000,
    stock: 25,
    dailyLimit: 2,
    name: { EN: 'Cap', PT: 'Boné', FR: 'Casquette', CN: '棒球帽', VI: 'Mũ lưỡi trai', ID: 'Topi' },
    description: {
      EN: 'One size, adjustable strap',
      PT: 'Tamanho único, ajustável',
      FR: 'Taille unique, réglable',
      CN: '均码，可调节',
      VI: 'Một cỡ, có quai điều chỉnh',
      ID: 'Satu ukuran, tali dapat disesuaikan',
    },
  },
  {
    kind: 'goods' as const,
    image: '/img/mall/headphones.svg',
    points: 12_000,
    stock: 5,
    dailyLimit: 1,
    name: {
      EN: 'Wireless headphones',
      PT: 'Fones de ouvido sem fio',
      FR: 'Casque sans fil',
      CN: '无线耳机',
      VI: 'Tai nghe không dây',
      ID: 'Headphone nirkabel',
    },
    description: {
      EN: 'Bluetooth, 20 hours of battery',
      PT: 'Bluetooth, 20 horas de bateria',
      FR: 'Bluetooth, 20 heures d’autonomie',
      CN: '蓝牙，续航 20 小时',
      VI: 'Bluetooth, pin 20 giờ',
      ID: 'Bluetooth, baterai 20 jam',
    },
  },
  {
    kind: 'virtual' as const,
    image: '/img/mall/topup.svg',
    points: 1_000,
    stock: 200,
    dailyLimit: 3,
    name: {
      EN: 'Mobile top-up',
      PT: 'Recarga de celular',
      FR: 'Recharge mobile',
      CN: '手机话费充值',
      VI: 'Nạp tiền điện thoại',
      ID: 'Isi ulang pulsa',
    },
    description: {
      EN: 'Credited to your bound mobile number',
      PT: 'Creditada no seu celular vinculado',
      FR: 'Créditée sur votre numéro mobile lié',
      CN: '充值到您绑定的手机号码',
      VI: 'Nạp vào số điện thoại đã liên kết',
      ID: 'Dikirim ke nomor ponsel yang terhubung',
    },
  },
];

/** Points the demo player starts with, so the mall can be tried at once. */
export const demoPlayerPoints = 5_000;

/** The merchant's points rules, its mall and the demo player's points, through the points services and the ledger. */
export async function seedPoints(db: Db, merchant: { id: number; code: string }): Promise<void> {
  const r = rules[merchant.code];
  if (!r) return;
  await setPointsRules(db, { merchantId: merchant.id, ...r });
  for (const [sort, g] of goods.entries()) await addMallItem(db, { merchantId: merchant.id, sort, ...g });
  const player = await memberByAccount(db, merchant.id, demoAccounts.player.account);
  if (!player) return;
  await grantMany(db, {
    type: 'points_adjust',
    kind: pointsKinds.points,
    houseKind: `${pointsKinds.issued}#0`,
    currency: POINTS_CURRENCY,
    grants: [
      {
        merchantId: merchant.id,
        memberId: player.id,
        amount: demoPlayerPoints,
        key: `seed:demo-points:${player.id}`,
        reference: { reason: 'demo points' },
      },
    ],
  });
}
