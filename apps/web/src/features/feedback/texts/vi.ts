import type { FeedbackTexts } from './en.ts';

/** The feedback dialog's texts: Tiếng Việt. */
const vi: FeedbackTexts = {
  title: 'Góp ý',
  intro:
    'Hãy cho chúng tôi biết điều gì tốt, điều gì chưa tốt hoặc bạn mong muốn điều gì. Chúng tôi đọc mọi góp ý và trả lời trong tin nhắn nền tảng của bạn.',
  content: 'Góp ý của bạn',
  placeholder: 'Viết góp ý của bạn tại đây',
  rules: 'Từ {{min}} đến {{max}} từ, tối đa {{chars}} ký tự.',
  characters: '{{count}}/{{max}} ký tự',
  words_zero: '{{count}} từ',
  words_one: '{{count}} từ',
  words_other: '{{count}} từ',
  images: 'Hình ảnh (không bắt buộc)',
  imagesHint: 'Tối đa {{max}} ảnh PNG hoặc JPG, mỗi ảnh {{mb}} MB.',
  addImage: 'Thêm ảnh',
  image: 'Ảnh {{n}}',
  removeImage: 'Xóa ảnh {{n}}',
  send: 'Gửi góp ý',
  sentTitle: 'Đã gửi góp ý',
  sent: 'Cảm ơn bạn! Góp ý của bạn đã đến đội ngũ của chúng tôi. Câu trả lời sẽ đến trong tin nhắn nền tảng của bạn.',
};

export default vi;
