import type { SupportTexts } from './en.ts';

/** The support chat's texts: Português (Brasil). */
const pt: SupportTexts = {
  title: 'Atendimento ao cliente',
  open: 'Abrir o chat de atendimento',
  hide: 'Ocultar o chat',
  enlarge: 'Ampliar o chat',
  shrink: 'Reduzir o chat',
  close: 'Fechar o chat',
  welcome: 'Como podemos ajudar? Escreva e um atendente responde aqui.',
  waiting: 'Aguardando um atendente. Pode deixar sua mensagem: respondemos mesmo que você saia.',
  taken: '{{name}} está respondendo',
  closed: 'Esta conversa foi encerrada. Escreva de novo para iniciar outra.',
  placeholder: 'Digite sua mensagem',
  send: 'Enviar',
  attach: 'Anexar uma imagem (PNG ou JPG, até 5 MB)',
  you: 'Você',
  agent: 'Atendimento',
  older: 'Mensagens anteriores',
  image: 'Imagem',
  reconnecting: 'Reconectando…',
  history: 'Conversa com o atendimento',
  read: 'Lida',
  typing: '{{name}} está digitando…',
  transcript: 'Baixar a conversa',
  rateTitle: 'Como foi o nosso atendimento?',
  stars: '{{score}} de 5',
  rateComment: 'Um comentário (opcional)',
  rateSend: 'Enviar avaliação',
  rateChoose: 'Escolha de 1 a 5 estrelas',
  rated: 'Obrigado! Você avaliou esta conversa com {{score}} de 5.',
};

export default pt;
