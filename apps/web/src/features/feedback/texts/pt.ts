import type { FeedbackTexts } from './en.ts';

/** The feedback dialog's texts: Português (Brasil). */
const pt: FeedbackTexts = {
  title: 'Sugestões',
  intro:
    'Conte o que funciona, o que não funciona ou o que você gostaria de ver. Lemos todas as mensagens e respondemos nas suas mensagens da plataforma.',
  content: 'Sua mensagem',
  placeholder: 'Escreva aqui sua sugestão ou comentário',
  rules: 'Entre {{min}} e {{max}} palavras, no máximo {{chars}} caracteres.',
  characters: '{{count}}/{{max}} caracteres',
  words_zero: '{{count}} palavras',
  words_one: '{{count}} palavra',
  words_other: '{{count}} palavras',
  images: 'Imagens (opcional)',
  imagesHint: 'Até {{max}} imagens PNG ou JPG, de {{mb}} MB cada.',
  addImage: 'Adicionar imagem',
  image: 'Imagem {{n}}',
  removeImage: 'Remover a imagem {{n}}',
  send: 'Enviar',
  sentTitle: 'Mensagem enviada',
  sent: 'Obrigado! Sua mensagem chegou à nossa equipe. A resposta chegará nas suas mensagens da plataforma.',
};

export default pt;
