import type { KycTexts } from './en.ts';

/** * The identity verification panel's texts in the six languages: Tiếng Việt. */
const vi: KycTexts = {
  title: 'Xác minh danh tính',
  status: {
    none: 'Chưa xác minh',
    pending: 'Đang xét duyệt',
    approved: 'Đã xác minh',
    rejected: 'Bị từ chối',
  },
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

export default vi;
