/**
 * The identity verification panel's texts in the six languages (the dictionaries' `kyc` namespace).
 * English is the reference; each other language has exactly its keys (the type checks it).
 */
const en = {
  title: 'Identity verification',
  status: {
    none: 'Not verified',
    pending: 'Under review',
    approved: 'Verified',
    rejected: 'Refused',
  },
  intro: 'Send a photo of both sides of your identity document and a selfie holding it. An operator checks them, usually within a day.',
  requiredForWithdrawal: 'Your identity must be verified before you can withdraw.',
  kind: {
    id_front: 'Identity document, front',
    id_back: 'Identity document, back',
    selfie: 'Selfie holding the document',
    address: 'Proof of address (optional)',
  },
  choose: 'Choose a photo',
  replace: 'Replace',
  uploaded: 'Uploaded',
  missing: 'Not uploaded yet',
  formats: 'PNG or JPG, at most 5 MB each.',
  send: 'Send for review',
  pendingText: 'Your documents are under review: you will get a message when they are checked.',
  approvedText: 'Your identity is verified.',
  rejectedText: 'Your documents were refused: {{reason}}. Send new photos and try again.',
};
type Texts = typeof en;

const pt: Texts = {
  title: 'Verificação de identidade',
  status: { none: 'Não verificada', pending: 'Em análise', approved: 'Verificada', rejected: 'Recusada' },
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

const fr: Texts = {
  title: 'Vérification d’identité',
  status: { none: 'Non vérifiée', pending: 'En cours d’examen', approved: 'Vérifiée', rejected: 'Refusée' },
  intro:
    'Envoyez une photo des deux faces de votre pièce d’identité et un selfie en la tenant. Un opérateur les vérifie, en général sous un jour.',
  requiredForWithdrawal: 'Votre identité doit être vérifiée avant tout retrait.',
  kind: {
    id_front: 'Pièce d’identité, recto',
    id_back: 'Pièce d’identité, verso',
    selfie: 'Selfie avec la pièce d’identité',
    address: 'Justificatif de domicile (facultatif)',
  },
  choose: 'Choisir une photo',
  replace: 'Remplacer',
  uploaded: 'Envoyé',
  missing: 'Pas encore envoyé',
  formats: 'PNG ou JPG, 5 Mo au plus chacun.',
  send: 'Envoyer pour examen',
  pendingText: 'Vos documents sont en cours d’examen : vous recevrez un message une fois vérifiés.',
  approvedText: 'Votre identité est vérifiée.',
  rejectedText: 'Vos documents ont été refusés : {{reason}}. Envoyez de nouvelles photos et réessayez.',
};

const cn: Texts = {
  title: '身份验证',
  status: { none: '未验证', pending: '审核中', approved: '已验证', rejected: '未通过' },
  intro: '请上传身份证件正反面照片以及手持证件的自拍照。客服通常会在一天内完成审核。',
  requiredForWithdrawal: '完成身份验证后才能提现。',
  kind: { id_front: '身份证件正面', id_back: '身份证件背面', selfie: '手持证件自拍', address: '地址证明（可选）' },
  choose: '选择照片',
  replace: '更换',
  uploaded: '已上传',
  missing: '尚未上传',
  formats: 'PNG 或 JPG，每张不超过 5 MB。',
  send: '提交审核',
  pendingText: '您的证件正在审核中：审核完成后您会收到消息。',
  approvedText: '您的身份已验证。',
  rejectedText: '您的证件未通过审核：{{reason}}。请重新上传照片后再试。',
};

const vi: Texts = {
  title: 'Xác minh danh tính',
  status: { none: 'Chưa xác minh', pending: 'Đang xét duyệt', approved: 'Đã xác minh', rejected: 'Bị từ chối' },
  intro: 'Gửi ảnh hai mặt giấy tờ tùy thân và một ảnh selfie cầm giấy tờ. Nhân viên sẽ kiểm tra, thường trong vòng một ngày.',
  requiredForWithdrawal: 'Danh tính của bạn phải được xác minh trước khi rút tiền.',
  kind: {
    id_front: 'Giấy tờ tùy thân, mặt trước',
    id_back: 'Giấy tờ tùy thân, mặt sau',
    selfie: 'Ảnh selfie cầm giấy tờ',
    address: 'Giấy tờ chứng minh địa chỉ (không bắt buộc)',
  },
  choose: 'Chọn ảnh',
  replace: 'Thay ảnh',
  uploaded: 'Đã tải lên',
  missing: 'Chưa tải lên',
  formats: 'PNG hoặc JPG, tối đa 5 MB mỗi ảnh.',
  send: 'Gửi xét duyệt',
  pendingText: 'Giấy tờ của bạn đang được xét duyệt: bạn sẽ nhận được tin nhắn khi có kết quả.',
  approvedText: 'Danh tính của bạn đã được xác minh.',
  rejectedText: 'Giấy tờ của bạn bị từ chối: {{reason}}. Hãy gửi ảnh mới và thử lại.',
};

const id: Texts = {
  title: 'Verifikasi identitas',
  status: { none: 'Belum terverifikasi', pending: 'Sedang ditinjau', approved: 'Terverifikasi', rejected: 'Ditolak' },
  intro: 'Kirim foto kedua sisi dokumen identitas Anda dan swafoto sambil memegangnya. Operator memeriksanya, biasanya dalam satu hari.',
  requiredForWithdrawal: 'Identitas Anda harus terverifikasi sebelum Anda dapat menarik dana.',
  kind: {
    id_front: 'Dokumen identitas, depan',
    id_back: 'Dokumen identitas, belakang',
    selfie: 'Swafoto memegang dokumen',
    address: 'Bukti alamat (opsional)',
  },
  choose: 'Pilih foto',
  replace: 'Ganti',
  uploaded: 'Terunggah',
  missing: 'Belum diunggah',
  formats: 'PNG atau JPG, maksimal 5 MB per foto.',
  send: 'Kirim untuk ditinjau',
  pendingText: 'Dokumen Anda sedang ditinjau: Anda akan menerima pesan setelah diperiksa.',
  approvedText: 'Identitas Anda terverifikasi.',
  rejectedText: 'Dokumen Anda ditolak: {{reason}}. Kirim foto baru dan coba lagi.',
};

export const kycTexts = { en, pt, fr, cn, vi, id };
