import type { Db } from '../../platform/db.ts';
import { sendSystemMessage } from '../inbox/inbox.service.ts';
import type { RedemptionRow } from './points.repository.ts';

type Text = Record<string, string>;
const languages = ['EN', 'PT', 'FR', 'CN', 'VI', 'ID'] as const;

const titles: Record<'approved' | 'rejected' | 'completed', Text> = {
  approved: {
    EN: 'Redemption approved',
    PT: 'Resgate aprovado',
    FR: 'Échange approuvé',
    CN: '兑换已批准',
    VI: 'Yêu cầu đổi đã được duyệt',
    ID: 'Penukaran disetujui',
  },
  rejected: {
    EN: 'Redemption rejected: points returned',
    PT: 'Resgate rejeitado: pontos devolvidos',
    FR: 'Échange refusé : points rendus',
    CN: '兑换被拒绝：积分已退回',
    VI: 'Yêu cầu đổi bị từ chối: đã hoàn điểm',
    ID: 'Penukaran ditolak: poin dikembalikan',
  },
  completed: {
    EN: 'Exchange completed',
    PT: 'Troca concluída',
    FR: 'Échange terminé',
    CN: '兑换完成',
    VI: 'Đổi hoàn tất',
    ID: 'Penukaran selesai',
  },
};

const lines: Record<'approved' | 'rejected' | 'completed', (name: string, points: number) => Text> = {
  approved: (name, points) => ({
    EN: `${name}: ${points} points spent. We are preparing it.`,
    PT: `${name}: ${points} pontos usados. Estamos preparando o envio.`,
    FR: `${name} : ${points} points dépensés. Nous le préparons.`,
    CN: `${name}：已使用 ${points} 积分，正在备货。`,
    VI: `${name}: đã dùng ${points} điểm. Chúng tôi đang chuẩn bị.`,
    ID: `${name}: ${points} poin terpakai. Kami sedang menyiapkannya.`,
  }),
  rejected: (name, points) => ({
    EN: `${name}: your ${points} points are back in your balance.`,
    PT: `${name}: seus ${points} pontos voltaram ao seu saldo.`,
    FR: `${name} : vos ${points} points sont revenus sur votre solde.`,
    CN: `${name}：${points} 积分已退回您的余额。`,
    VI: `${name}: ${points} điểm đã được hoàn vào số dư của bạn.`,
    ID: `${name}: ${points} poin Anda kembali ke saldo.`,
  }),
  completed: (name) => ({
    EN: `${name} is on its way.`,
    PT: `${name} está a caminho.`,
    FR: `${name} est en route.`,
    CN: `${name} 已发出。`,
    VI: `${name} đang được giao.`,
    ID: `${name} sedang dikirim.`,
  }),
};

const extra: Record<'reference' | 'remark' | 'tracking', Text> = {
  reference: { EN: 'Reference', PT: 'Referência', FR: 'Référence', CN: '参考编号', VI: 'Mã tham chiếu', ID: 'Referensi' },
  remark: { EN: 'Remark', PT: 'Observação', FR: 'Remarque', CN: '备注', VI: 'Ghi chú', ID: 'Catatan' },
  tracking: {
    EN: 'Transaction number',
    PT: 'Número da transação',
    FR: 'Numéro de transaction',
    CN: '交易编号',
    VI: 'Mã giao dịch',
    ID: 'Nomor transaksi',
  },
};

/** Tells the player what an operator decided on their redemption, in the transaction of the decision (once per status). */
export async function noticeRedemption(tx: Db, r: RedemptionRow): Promise<void> {
  if (r.status !== 'approved' && r.status !== 'rejected' && r.status !== 'completed') return;
  const status = r.status;
  const content: Text = {};
  for (const lang of languages) {
    const name = r.name?.[lang] ?? r.name?.EN ?? Object.values(r.name ?? {})[0] ?? '';
    const parts = [lines[status](name, r.points)[lang], `${extra.reference[lang]}: ${r.reference}.`];
    if (r.remark) parts.push(`${extra.remark[lang]}: ${r.remark}.`);
    if (status === 'completed' && r.trackingNumber) parts.push(`${extra.tracking[lang]}: ${r.trackingNumber}.`);
    content[lang] = parts.join(' ');
  }
  await sendSystemMessage(tx, {
    member: { id: r.memberId, merchantId: r.merchantId },
    title: titles[status],
    content,
    from: 'points',
    dedupeKey: `redemption:${r.reference}:${status}`,
  });
}
