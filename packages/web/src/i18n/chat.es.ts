/** Spanish texts of the chat feature, spread into the main catalog (es.ts). Keys start with 'chat.'. */
export const chatEs = {
  'chat.title': 'Salas de chat',
};
