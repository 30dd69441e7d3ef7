import { pushDispatcher } from '../../api/dispatcher';
import { toast } from '../../ui/toast/toastStore';
import { registerChatHandlers } from './push';

// Chat invitations reach the member on every page; the chat pages themselves stay lazy.
registerChatHandlers({ dispatcher: pushDispatcher, toast });
