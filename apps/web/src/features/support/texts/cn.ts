import type { SupportTexts } from './en.ts';

/** The support chat's texts: 中文. */
const cn: SupportTexts = {
  title: '在线客服',
  open: '打开在线客服',
  hide: '隐藏聊天',
  enlarge: '放大聊天窗口',
  shrink: '缩小聊天窗口',
  close: '关闭聊天',
  welcome: '有什么可以帮您？请留言，客服会在这里回复。',
  waiting: '正在等待客服。您可以先留言，离开后我们也会回复。',
  taken: '{{name}} 正在为您服务',
  closed: '此会话已结束。再次发送消息即可开始新的会话。',
  placeholder: '请输入消息',
  send: '发送',
  attach: '添加图片（PNG 或 JPG，最大 5 MB）',
  you: '您',
  agent: '客服',
  older: '更早的消息',
  image: '图片',
  reconnecting: '正在重新连接…',
  history: '与客服的对话',
  read: '已读',
  typing: '{{name}} 正在输入…',
  transcript: '下载聊天记录',
  rateTitle: '您对本次服务满意吗？',
  stars: '{{score}} 星（满分 5）',
  rateComment: '留言（可选）',
  rateSend: '提交评价',
  rateChoose: '请选择 1 到 5 颗星',
  rated: '谢谢！您为本次会话评了 {{score}} 星（满分 5）。',
};

export default cn;
