import { formatMoney } from '@platform/contract';

/** The locale each site language writes amounts in. */
const locales: Record<string, string> = { EN: 'en-GB', PT: 'pt-BR', FR: 'fr-FR', CN: 'zh-CN', VI: 'vi-VN', ID: 'id-ID' };

/** The platform message a player gets when their withdrawal is paid, in every site language. */
export function withdrawalPaidMessage(w: { reference: string; amount: number; currency: string }) {
  const m = (lang: string) => formatMoney(w.amount, w.currency, locales[lang] ?? 'en-GB');
  return {
    title: {
      EN: 'Withdrawal paid',
      PT: 'Saque pago',
      FR: 'Retrait payé',
      CN: '提款已支付',
      VI: 'Đã thanh toán rút tiền',
      ID: 'Penarikan dibayarkan',
    },
    content: {
      EN: `Your withdrawal ${w.reference} of ${m('EN')} has been paid. Please confirm in the withdrawal page once you receive it.`,
      PT: `Seu saque ${w.reference} de ${m('PT')} foi pago. Confirme na página de saque assim que recebê-lo.`,
      FR: `Votre retrait ${w.reference} de ${m('FR')} a été payé. Veuillez confirmer sur la page de retrait dès réception.`,
      CN: `您的提款 ${w.reference}（${m('CN')}）已支付。收到后请在提款页面确认。`,
      VI: `Khoản rút tiền ${w.reference} trị giá ${m('VI')} đã được thanh toán. Vui lòng xác nhận trên trang rút tiền khi bạn nhận được.`,
      ID: `Penarikan Anda ${w.reference} sebesar ${m('ID')} telah dibayarkan. Silakan konfirmasi di halaman penarikan setelah Anda menerimanya.`,
    },
  };
}
