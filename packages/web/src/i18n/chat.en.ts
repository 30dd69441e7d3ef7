import type { chatEs } from './chat.es';

/** English texts of the chat feature; typed against the Spanish keys. */
export const chatEn: Record<keyof typeof chatEs, string> = {
  'chat.title': 'Chat rooms',
};
