import type { FeedbackTexts } from './en.ts';

/** The feedback dialog's texts: 中文. */
const cn: FeedbackTexts = {
  title: '意见反馈',
  intro: '告诉我们哪些好用、哪些不好用，或您希望看到什么。我们会阅读每一条反馈，并通过平台消息回复您。',
  content: '您的反馈',
  placeholder: '请在此输入您的反馈',
  rules: '{{min}} 到 {{max}} 个词，最多 {{chars}} 个字符。',
  characters: '{{count}}/{{max}} 个字符',
  words_zero: '{{count}} 个词',
  words_one: '{{count}} 个词',
  words_other: '{{count}} 个词',
  images: '图片（可选）',
  imagesHint: '最多 {{max}} 张 PNG 或 JPG 图片，每张不超过 {{mb}} MB。',
  addImage: '添加图片',
  image: '图片 {{n}}',
  removeImage: '移除图片 {{n}}',
  send: '提交反馈',
  sentTitle: '反馈已提交',
  sent: '谢谢！您的反馈已送达我们的团队，回复将发送到您的平台消息中。',
};

export default cn;
