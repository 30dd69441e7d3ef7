import { api, ConversationType } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me } from '../../http/context';
import { bind } from '../../http/contract-routes';
import { peopleUseCases } from '../people/use-cases';
import { offlineMailUseCases } from './offline';
import { messagingUseCases } from './use-cases';
import { voiceMessagesUseCases } from './voice';

export function messagingRoutes(deps: Deps) {
  const people = peopleUseCases(deps);
  const messaging = messagingUseCases(deps, people);
  const mail = offlineMailUseCases(deps, people);
  const voice = voiceMessagesUseCases(deps, messaging);
  const m = api.messaging;
  return [
    bind(m.getUserConversations, (p, ctx) => messaging.list(me(ctx), p)),
    bind(m.getUgcConversations, (p, ctx) =>
      messaging.list(me(ctx), { ...p, type: ConversationType.UGC_GROUP }),
    ),
    bind(m.getConversation, (p, ctx) => messaging.get(me(ctx), p)),
    bind(m.searchConversation, (p, ctx) => messaging.search(me(ctx), p)),
    bind(m.getUnreadMessages, (p, ctx) => messaging.unread(me(ctx), p)),
    bind(m.send, (p, ctx) => messaging.send(me(ctx), p)),
    bind(m.invite, (p, ctx) => messaging.invite(me(ctx), p)),
    bind(m.leave, (p, ctx) => messaging.leave(me(ctx), p)),
    bind(m.rename, (p, ctx) => messaging.rename(me(ctx), p)),
    bind(m.setReadTimestamp, (p, ctx) => messaging.setReadTimestamp(me(ctx), p)),
    bind(m.sendTypingEvent, (p, ctx) => messaging.typing(me(ctx), p)),
    bind(m.setProperty, (p, ctx) => messaging.setProperty(me(ctx), p)),
    bind(m.setBackgroundColor, (p, ctx) => messaging.setColor(me(ctx), 'im_bg_color', p.color)),
    bind(m.setFontColor, (p, ctx) => messaging.setColor(me(ctx), 'im_color', p.color)),
    bind(m.sendVoiceMessage, (p, ctx) => voice.send(me(ctx), p as never)),
    bind(m.sendOffline, (p, ctx) => mail.send(me(ctx), p as never)),
    bind(m.getOfflineInbox, (p, ctx) => mail.inbox(me(ctx), p)),
    bind(m.getOfflineSent, (p, ctx) => mail.sent(me(ctx), p)),
    bind(m.markOfflineRead, (p, ctx) => mail.markRead(me(ctx), p.id)),
  ];
}
