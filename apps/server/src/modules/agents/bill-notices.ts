import { toAmount } from '@platform/contract';
import type { Db } from '../../platform/db.ts';
import { sendSystemMessage } from '../inbox/inbox.service.ts';
import type { AgentBillRow } from './agents.tables.ts';

// What an agent is told when its salary or dividend is not paid in full at settlement (never a
// silent shortfall): the agent, how much it received of how much and that the rest follows; its
// upline, how much it still owes. And both, once the rest has arrived.

type Text = Record<'EN' | 'PT' | 'FR' | 'CN' | 'VI' | 'ID', string>;

const shortTitle: Text = {
  EN: 'Bill partly paid',
  PT: 'Fatura paga em parte',
  FR: 'Relevé payé en partie',
  CN: '账单部分支付',
  VI: 'Hóa đơn được thanh toán một phần',
  ID: 'Tagihan dibayar sebagian',
};
const owedTitle: Text = {
  EN: 'You owe a downline',
  PT: 'Você deve a um subordinado',
  FR: 'Vous devez un montant à un filleul',
  CN: '您欠下级款项',
  VI: 'Bạn còn nợ cấp dưới',
  ID: 'Anda berutang kepada downline',
};
const paidTitle: Text = {
  EN: 'Bill paid in full',
  PT: 'Fatura paga integralmente',
  FR: 'Relevé payé en totalité',
  CN: '账单已全额支付',
  VI: 'Hóa đơn đã được thanh toán đủ',
  ID: 'Tagihan dibayar penuh',
};

const money = (minor: number, currency: string) => `${toAmount(minor, currency)} ${currency}`;

const shortBody = (b: AgentBillRow, currency: string): Text => {
  const [paid, amount, rest] = [money(b.paid, currency), money(b.amount, currency), money(b.amount - b.paid, currency)];
  return {
    EN: `Bill no. ${b.id} (${b.kind}, ${b.period}): ${paid} of ${amount} received; the remaining ${rest} follows when your upline's balance allows.`,
    PT: `Fatura nº ${b.id} (${b.kind}, ${b.period}): recebido ${paid} de ${amount}; os ${rest} restantes seguem quando o saldo do seu superior permitir.`,
    FR: `Relevé n° ${b.id} (${b.kind}, ${b.period}) : ${paid} reçus sur ${amount} ; les ${rest} restants suivront dès que le solde de votre parrain le permettra.`,
    CN: `账单编号 ${b.id}（${b.kind}，${b.period}）：已收到 ${paid}，共 ${amount}；剩余 ${rest} 将在上级余额充足时支付。`,
    VI: `Hóa đơn số ${b.id} (${b.kind}, ${b.period}): đã nhận ${paid} trên ${amount}; ${rest} còn lại sẽ được trả khi số dư của cấp trên cho phép.`,
    ID: `Tagihan no. ${b.id} (${b.kind}, ${b.period}): diterima ${paid} dari ${amount}; sisa ${rest} dibayar saat saldo upline Anda mencukupi.`,
  };
};
const owedBody = (b: AgentBillRow, account: string, currency: string): Text => {
  const rest = money(b.amount - b.paid, currency);
  return {
    EN: `Your balance did not cover bill no. ${b.id} of ${account} (${b.kind}, ${b.period}): ${rest} is still owed and is paid from your wallet as funds arrive.`,
    PT: `Seu saldo não cobriu a fatura nº ${b.id} de ${account} (${b.kind}, ${b.period}): ainda faltam ${rest}, pagos da sua carteira quando houver fundos.`,
    FR: `Votre solde n’a pas couvert le relevé n° ${b.id} de ${account} (${b.kind}, ${b.period}) : ${rest} restent dus et seront payés depuis votre portefeuille dès que des fonds arrivent.`,
    CN: `您的余额不足以支付 ${account} 的账单编号 ${b.id}（${b.kind}，${b.period}）：仍欠 ${rest}，将在资金到账时从您的钱包支付。`,
    VI: `Số dư của bạn không đủ cho hóa đơn số ${b.id} của ${account} (${b.kind}, ${b.period}): còn nợ ${rest}, sẽ được trả từ ví của bạn khi có tiền.`,
    ID: `Saldo Anda tidak mencukupi tagihan no. ${b.id} milik ${account} (${b.kind}, ${b.period}): masih terutang ${rest}, dibayar dari dompet Anda saat dana masuk.`,
  };
};
const paidBody = (b: AgentBillRow, currency: string): Text => {
  const amount = money(b.amount, currency);
  return {
    EN: `Bill no. ${b.id} (${b.kind}, ${b.period}) is now paid in full: ${amount}.`,
    PT: `A fatura nº ${b.id} (${b.kind}, ${b.period}) está paga integralmente: ${amount}.`,
    FR: `Le relevé n° ${b.id} (${b.kind}, ${b.period}) est désormais payé en totalité : ${amount}.`,
    CN: `账单编号 ${b.id}（${b.kind}，${b.period}）已全额支付：${amount}。`,
    VI: `Hóa đơn số ${b.id} (${b.kind}, ${b.period}) đã được thanh toán đủ: ${amount}.`,
    ID: `Tagihan no. ${b.id} (${b.kind}, ${b.period}) kini dibayar penuh: ${amount}.`,
  };
};

/** Tells a bill's agent and its payer that the bill is short (at settlement), or (completed) that it is now paid. */
export async function noticeBill(
  tx: Db,
  bill: AgentBillRow,
  event: 'short' | 'completed',
  ctx: { currency: string; account: string; now: Date },
): Promise<void> {
  const send = (memberId: number, title: Text, content: Text, who: string) =>
    sendSystemMessage(
      tx,
      {
        member: { id: memberId, merchantId: bill.merchantId },
        title,
        content,
        from: 'agents',
        dedupeKey: `bill:${bill.id}:${event}:${who}`,
      },
      ctx.now,
    );
  if (event === 'completed') {
    await send(bill.memberId, paidTitle, paidBody(bill, ctx.currency), 'agent');
    return;
  }
  await send(bill.memberId, shortTitle, shortBody(bill, ctx.currency), 'agent');
  if (bill.payerId !== null) await send(bill.payerId, owedTitle, owedBody(bill, ctx.account, ctx.currency), 'payer');
}
