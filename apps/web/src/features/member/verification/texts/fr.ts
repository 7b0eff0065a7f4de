import type { KycTexts } from './en.ts';

/** * The identity verification panel's texts in the six languages: Français. */
const fr: KycTexts = {
  title: 'Vérification d’identité',
  status: {
    none: 'Non vérifiée',
    pending: 'En cours d’examen',
    approved: 'Vérifiée',
    rejected: 'Refusée',
  },
  intro:
    'Envoyez une photo des deux faces de votre pièce d’identité et un selfie en la tenant. Un opérateur les vérifie, en général sous un jour.',
  requiredForWithdrawal: 'Votre identité doit être vérifiée avant tout retrait.',
  kind: {
    id_front: 'Pièce d’identité, recto',
    id_back: 'Pièce d’identité, verso',
    selfie: 'Selfie avec la pièce d’identité',
    address: 'Justificatif de domicile (facultatif)',
  },
  choose: 'Choisir une photo',
  replace: 'Remplacer',
  uploaded: 'Envoyé',
  missing: 'Pas encore envoyé',
  formats: 'PNG ou JPG, 5 Mo au plus chacun.',
  send: 'Envoyer pour examen',
  pendingText: 'Vos documents sont en cours d’examen : vous recevrez un message une fois vérifiés.',
  approvedText: 'Votre identité est vérifiée.',
  rejectedText: 'Vos documents ont été refusés : {{reason}}. Envoyez de nouvelles photos et réessayez.',
};

export default fr;
