import type { KycTexts } from './en.ts';

/** * The identity verification panel's texts in the six languages: Português (Brasil). */
const pt: KycTexts = {
  title: 'Verificação de identidade',
  status: {
    none: 'Não verificada',
    pending: 'Em análise',
    approved: 'Verificada',
    rejected: 'Recusada',
  },
  intro:
    'Envie uma foto dos dois lados do seu documento de identidade e uma selfie segurando-o. Um operador os confere, normalmente em até um dia.',
  requiredForWithdrawal: 'Sua identidade precisa estar verificada para você sacar.',
  kind: {
    id_front: 'Documento de identidade, frente',
    id_back: 'Documento de identidade, verso',
    selfie: 'Selfie segurando o documento',
    address: 'Comprovante de endereço (opcional)',
  },
  choose: 'Escolher uma foto',
  replace: 'Substituir',
  uploaded: 'Enviado',
  missing: 'Ainda não enviado',
  formats: 'PNG ou JPG, até 5 MB cada.',
  send: 'Enviar para análise',
  pendingText: 'Seus documentos estão em análise: você receberá uma mensagem quando forem conferidos.',
  approvedText: 'Sua identidade está verificada.',
  rejectedText: 'Seus documentos foram recusados: {{reason}}. Envie novas fotos e tente de novo.',
};

export default pt;
