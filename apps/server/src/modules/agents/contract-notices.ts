import type { Db } from '../../platform/db.ts';
import { sendSystemMessage } from '../inbox/inbox.service.ts';
import type { AgentContractRow } from './agents.tables.ts';

// The platform message each party of a contract gets when it changes (besides the contract's own
// history), so nobody learns of an offer or a termination only by looking.

type Text = Record<'EN' | 'PT' | 'FR' | 'CN' | 'VI' | 'ID', string>;

const titles: Record<string, Text> = {
  offered: {
    EN: 'New contract offer',
    PT: 'Nova proposta de contrato',
    FR: 'Nouvelle offre de contrat',
    CN: '新的契约邀请',
    VI: 'Đề nghị hợp đồng mới',
    ID: 'Tawaran kontrak baru',
  },
  change_offered: {
    EN: 'Contract change offered',
    PT: 'Alteração de contrato proposta',
    FR: 'Modification de contrat proposée',
    CN: '契约变更邀请',
    VI: 'Đề nghị thay đổi hợp đồng',
    ID: 'Perubahan kontrak ditawarkan',
  },
  signed: {
    EN: 'Contract signed',
    PT: 'Contrato assinado',
    FR: 'Contrat signé',
    CN: '契约已签署',
    VI: 'Hợp đồng đã được ký',
    ID: 'Kontrak ditandatangani',
  },
  rejected: {
    EN: 'Contract offer rejected',
    PT: 'Proposta de contrato recusada',
    FR: 'Offre de contrat refusée',
    CN: '契约邀请已被拒绝',
    VI: 'Đề nghị hợp đồng bị từ chối',
    ID: 'Tawaran kontrak ditolak',
  },
  withdrawn: {
    EN: 'Contract offer withdrawn',
    PT: 'Proposta de contrato retirada',
    FR: 'Offre de contrat retirée',
    CN: '契约邀请已撤回',
    VI: 'Đề nghị hợp đồng đã được rút lại',
    ID: 'Tawaran kontrak ditarik',
  },
  termination_requested: {
    EN: 'Contract termination requested',
    PT: 'Rescisão de contrato solicitada',
    FR: 'Résiliation de contrat demandée',
    CN: '对方申请解除契约',
    VI: 'Yêu cầu chấm dứt hợp đồng',
    ID: 'Permintaan pengakhiran kontrak',
  },
  terminated: {
    EN: 'Contract terminated',
    PT: 'Contrato rescindido',
    FR: 'Contrat résilié',
    CN: '契约已解除',
    VI: 'Hợp đồng đã chấm dứt',
    ID: 'Kontrak diakhiri',
  },
  auto_terminated: {
    EN: 'Contract ended: the upline’s ratio is now lower',
    PT: 'Contrato encerrado: a taxa do superior agora é menor',
    FR: 'Contrat terminé : le taux du parrain est désormais plus bas',
    CN: '契约已终止：上级比例已降低',
    VI: 'Hợp đồng kết thúc: tỷ lệ của cấp trên nay thấp hơn',
    ID: 'Kontrak berakhir: rasio upline kini lebih rendah',
  },
};

const body = (c: AgentContractRow, note: string): Text => {
  const tail = note ? ` (${note})` : '';
  return {
    EN: `Contract no. ${c.id} (${c.kind}).${tail} See the agent centre for details.`,
    PT: `Contrato nº ${c.id} (${c.kind}).${tail} Veja os detalhes na central do agente.`,
    FR: `Contrat n° ${c.id} (${c.kind}).${tail} Détails dans le centre agent.`,
    CN: `契约编号 ${c.id}（${c.kind}）。${tail} 详情请查看代理中心。`,
    VI: `Hợp đồng số ${c.id} (${c.kind}).${tail} Xem chi tiết tại trung tâm đại lý.`,
    ID: `Kontrak no. ${c.id} (${c.kind}).${tail} Lihat detail di pusat agen.`,
  };
};

/** Tells every party of the contract but the one who acted (both, when the platform acted). */
export async function noticeContract(
  tx: Db,
  c: AgentContractRow,
  event: string,
  actorId: number | null,
  now: Date,
  note = '',
): Promise<void> {
  const title = titles[event];
  if (!title) return;
  const parties = [c.memberId, ...(c.uplineId !== null ? [c.uplineId] : [])].filter((id) => id !== actorId);
  for (const id of parties) {
    await sendSystemMessage(
      tx,
      {
        member: { id, merchantId: c.merchantId },
        title,
        content: body(c, note),
        from: 'agents',
        dedupeKey: `contract:${c.id}:${event}:${id}:${now.getTime()}`,
      },
      now,
    );
  }
}
