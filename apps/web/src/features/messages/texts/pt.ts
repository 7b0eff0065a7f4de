import type { InboxTexts } from './en.ts';

/** The platform messages' texts: Português (Brasil). */
const pt: InboxTexts = {
  title: 'Mensagens da plataforma',
  unread: 'Não lidas',
  all: 'Todas',
  readAll: 'Marcar todas como lidas',
  delete: 'Excluir',
  deleteConfirm: 'Excluir esta mensagem?',
  empty: 'Nenhuma mensagem ainda',
  emptyText: 'As mensagens sobre sua conta e nossas novidades aparecem aqui.',
  system: 'Conta',
  notice: 'Novidades',
  badge: '{{count}} mensagens não lidas',
  newMessage: 'Nova mensagem: {{title}}',
  back: 'Voltar à lista',
};

export default pt;
