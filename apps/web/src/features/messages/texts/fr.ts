import type { InboxTexts } from './en.ts';

/** The platform messages' texts: Français. */
const fr: InboxTexts = {
  title: 'Messages de la plateforme',
  unread: 'Non lus',
  all: 'Tous',
  readAll: 'Tout marquer comme lu',
  delete: 'Supprimer',
  deleteConfirm: 'Supprimer ce message ?',
  empty: 'Aucun message pour le moment',
  emptyText: 'Les messages sur votre compte et nos nouvelles apparaissent ici.',
  system: 'Compte',
  notice: 'Actualités',
  badge: '{{count}} messages non lus',
  newMessage: 'Nouveau message : {{title}}',
  back: 'Retour à la liste',
};

export default fr;
