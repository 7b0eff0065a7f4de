import type { TextsOf } from '../../../../i18n/texts-of.ts';

/** * The identity verification panel's texts in the six languages (the dictionaries' `kyc` namespace). English is the reference; each other language has exactly its keys (the type checks it): English, the reference. */
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

/** The shape every language's texts have. */
export type KycTexts = TextsOf<typeof en>;

export default en;
