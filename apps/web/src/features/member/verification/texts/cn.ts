import type { KycTexts } from './en.ts';

/** * The identity verification panel's texts in the six languages: 中文. */
const cn: KycTexts = {
  title: '身份验证',
  status: {
    none: '未验证',
    pending: '审核中',
    approved: '已验证',
    rejected: '未通过',
  },
  intro: '请上传身份证件正反面照片以及手持证件的自拍照。客服通常会在一天内完成审核。',
  requiredForWithdrawal: '完成身份验证后才能提现。',
  kind: {
    id_front: '身份证件正面',
    id_back: '身份证件背面',
    selfie: '手持证件自拍',
    address: '地址证明（可选）',
  },
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

export default cn;
