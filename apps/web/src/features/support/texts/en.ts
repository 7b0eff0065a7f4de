import type { TextsOf } from '../../../i18n/texts-of.ts';

/** The support chat's texts (one namespace, `support`, in each dictionary): English, the reference. */
const en = {
  title: 'Customer service',
  open: 'Open the customer service chat',
  hide: 'Hide the chat',
  enlarge: 'Enlarge the chat',
  shrink: 'Make the chat smaller',
  close: 'Close the chat',
  welcome: 'How can we help? Write to us and an agent answers here.',
  waiting: 'Waiting for an agent. You can leave your message: we answer even if you go.',
  taken: '{{name}} is answering',
  closed: 'This conversation is closed. Write again to start a new one.',
  placeholder: 'Type your message',
  send: 'Send',
  attach: 'Attach an image (PNG or JPG, up to 5 MB)',
  you: 'You',
  agent: 'Support',
  older: 'Earlier messages',
  image: 'Image',
  reconnecting: 'Reconnecting…',
  history: 'Conversation with customer service',
  read: 'Read',
  typing: '{{name}} is typing…',
  transcript: 'Download the transcript',
  rateTitle: 'How was our help?',
  stars: '{{score}} of 5',
  rateComment: 'A comment (optional)',
  rateSend: 'Send my rating',
  rateChoose: 'Choose from 1 to 5 stars',
  rated: 'Thank you! You rated this conversation {{score}} of 5.',
};

/** The shape every language's texts have. */
export type SupportTexts = TextsOf<typeof en>;

export default en;
