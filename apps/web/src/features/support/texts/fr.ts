import type { SupportTexts } from './en.ts';

/** The support chat's texts: Français. */
const fr: SupportTexts = {
  title: 'Service client',
  open: 'Ouvrir le chat du service client',
  hide: 'Masquer le chat',
  enlarge: 'Agrandir le chat',
  shrink: 'Réduire le chat',
  close: 'Fermer le chat',
  welcome: 'Comment pouvons-nous vous aider ? Écrivez-nous, un conseiller vous répond ici.',
  waiting: 'En attente d’un conseiller. Laissez votre message : nous répondons même si vous partez.',
  taken: '{{name}} vous répond',
  closed: 'Cette conversation est clôturée. Écrivez à nouveau pour en commencer une autre.',
  placeholder: 'Écrivez votre message',
  send: 'Envoyer',
  attach: 'Joindre une image (PNG ou JPG, 5 Mo au plus)',
  you: 'Vous',
  agent: 'Service client',
  older: 'Messages précédents',
  image: 'Image',
  reconnecting: 'Reconnexion…',
  history: 'Conversation avec le service client',
  read: 'Lu',
  typing: '{{name}} écrit…',
  transcript: 'Télécharger la conversation',
  rateTitle: 'Notre aide vous a-t-elle convenu ?',
  stars: '{{score}} sur 5',
  rateComment: 'Un commentaire (facultatif)',
  rateSend: 'Envoyer ma note',
  rateChoose: 'Choisissez de 1 à 5 étoiles',
  rated: 'Merci ! Vous avez noté cette conversation {{score}} sur 5.',
};

export default fr;
