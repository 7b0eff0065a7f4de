import type { FeedbackTexts } from './en.ts';

/** The feedback dialog's texts: Français. */
const fr: FeedbackTexts = {
  title: 'Vos avis',
  intro:
    'Dites-nous ce qui fonctionne, ce qui ne fonctionne pas ou ce que vous aimeriez voir. Nous lisons chaque message et répondons dans vos messages de la plateforme.',
  content: 'Votre avis',
  placeholder: 'Écrivez votre avis ici',
  rules: 'Entre {{min}} et {{max}} mots, {{chars}} caractères au maximum.',
  characters: '{{count}}/{{max}} caractères',
  words_zero: '{{count}} mot',
  words_one: '{{count}} mot',
  words_other: '{{count}} mots',
  images: 'Images (facultatif)',
  imagesHint: 'Jusqu’à {{max}} images PNG ou JPG, {{mb}} Mo chacune.',
  addImage: 'Ajouter une image',
  image: 'Image {{n}}',
  removeImage: 'Retirer l’image {{n}}',
  send: 'Envoyer mon avis',
  sentTitle: 'Avis envoyé',
  sent: 'Merci ! Votre avis est bien parvenu à notre équipe. Notre réponse arrivera dans vos messages de la plateforme.',
};

export default fr;
