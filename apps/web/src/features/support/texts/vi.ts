import type { SupportTexts } from './en.ts';

/** The support chat's texts: Tiếng Việt. */
const vi: SupportTexts = {
  title: 'Chăm sóc khách hàng',
  open: 'Mở trò chuyện với chăm sóc khách hàng',
  hide: 'Ẩn cửa sổ trò chuyện',
  enlarge: 'Phóng to cửa sổ trò chuyện',
  shrink: 'Thu nhỏ cửa sổ trò chuyện',
  close: 'Đóng trò chuyện',
  welcome: 'Chúng tôi có thể giúp gì? Hãy nhắn tin, nhân viên sẽ trả lời tại đây.',
  waiting: 'Đang chờ nhân viên. Bạn có thể để lại tin nhắn: chúng tôi vẫn trả lời khi bạn rời đi.',
  taken: '{{name}} đang trả lời bạn',
  closed: 'Cuộc trò chuyện này đã kết thúc. Nhắn lại để bắt đầu cuộc mới.',
  placeholder: 'Nhập tin nhắn',
  send: 'Gửi',
  attach: 'Đính kèm ảnh (PNG hoặc JPG, tối đa 5 MB)',
  you: 'Bạn',
  agent: 'Hỗ trợ',
  older: 'Tin nhắn trước đó',
  image: 'Hình ảnh',
  reconnecting: 'Đang kết nối lại…',
  history: 'Cuộc trò chuyện với chăm sóc khách hàng',
  read: 'Đã xem',
  typing: '{{name}} đang nhập…',
  transcript: 'Tải xuống cuộc trò chuyện',
  rateTitle: 'Bạn thấy hỗ trợ của chúng tôi thế nào?',
  stars: '{{score}} trên 5',
  rateComment: 'Nhận xét (không bắt buộc)',
  rateSend: 'Gửi đánh giá',
  rateChoose: 'Chọn từ 1 đến 5 sao',
  rated: 'Cảm ơn bạn! Bạn đã đánh giá cuộc trò chuyện này {{score}} trên 5.',
};

export default vi;
