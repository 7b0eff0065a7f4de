import type { TextsOf } from '../../../i18n/texts-of.ts';

/** The feedback dialog's texts (one namespace, `feedback`, in each dictionary): English, the reference. */
const en = {
  title: 'Feedback',
  intro: 'Tell us what works, what does not, or what you would like to see. We read every message and answer in your platform messages.',
  content: 'Your feedback',
  placeholder: 'Write your feedback here',
  rules: 'Between {{min}} and {{max}} words, at most {{chars}} characters.',
  characters: '{{count}}/{{max}} characters',
  words_zero: '{{count}} words',
  words_one: '{{count}} word',
  words_other: '{{count}} words',
  images: 'Images (optional)',
  imagesHint: 'Up to {{max}} PNG or JPG images, {{mb}} MB each.',
  addImage: 'Add an image',
  image: 'Image {{n}}',
  removeImage: 'Remove image {{n}}',
  send: 'Send feedback',
  sentTitle: 'Feedback sent',
  sent: 'Thank you! Your feedback has reached our team. Our answer will arrive in your platform messages.',
};

/** The shape every language's texts have. */
export type FeedbackTexts = TextsOf<typeof en>;

export default en;
