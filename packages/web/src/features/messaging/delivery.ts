import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@tertulia/contract';
import { conversationKey, headerListKey, sendIm } from '../../api/areas/messaging';
import { t } from '../../i18n/i18n';
import { handleError } from '../../ui/errors/handleError';
import { toast } from '../../ui/toast/toastStore';
import type { MessageDelivery } from '../people/messaging';
import { openConversation } from './dialogs';
import { insertConversation, type LocalConversation, newClientMessageId } from './rules';

let boundClient: QueryClient | undefined;
/** The header IM slot binds the query client while a member is logged in. */
export function bindMemberClient(client: QueryClient | undefined): void {
  boundClient = client;
}
export const memberClient = (): QueryClient | undefined => boundClient;

export interface DeliveryDeps {
  /** The logged-in member's query client; undefined for a visitor. */
  client: () => QueryClient | undefined;
  send?: typeof sendIm;
  open?: typeof openConversation;
  onError?: (error: unknown) => void;
  mustLogIn?: () => void;
}

/**
 * The card's and the profile's send button (people's extension point): message/send.do to the
 * member (the IM is created or reused), then the conversation's window opens. A visitor is
 * told to log in; verification-required opens its confirm (handleError).
 */
export function createDelivery(deps: DeliveryDeps): MessageDelivery {
  const send = deps.send ?? sendIm;
  const open = deps.open ?? openConversation;
  const onError = deps.onError ?? ((error) => handleError(error));
  const mustLogIn = deps.mustLogIn ?? (() => toast.error(t('home.mustBeLoggedIn')));
  return async (target: Pick<User, 'uid' | 'name'>, text: string) => {
    const client = deps.client();
    if (!client) {
      mustLogIn();
      return;
    }
    try {
      const conversation = (await send({
        message: text,
        targetIds: [target.uid],
        source: 'profile',
        clientMessageId: newClientMessageId(),
      })) as LocalConversation;
      client.setQueryData(conversationKey(conversation.conversationId), conversation);
      client.setQueryData<LocalConversation[]>(headerListKey, (list) =>
        list ? insertConversation(list, { ...conversation, unreadMessageCount: 0 }) : list,
      );
      open({
        conversationId: conversation.conversationId,
        ownerId: conversation.ownerId,
        type: conversation.type,
      });
    } catch (error) {
      onError(error);
    }
  };
}
