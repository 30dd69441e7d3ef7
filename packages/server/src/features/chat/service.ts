import type { Deps } from '../../deps';
import type { PeopleService } from '../people/service';
import { chatContext } from './context';
import { messageCalls } from './messages';
import { moderationCalls } from './moderation';
import { roomCalls } from './rooms';

export { KICK_MS, SEND_LIMIT } from './context';

/** Chat: the calls of api.chat, by concern; the shared rules live in context.ts. */
export function chatService(deps: Deps, people: PeopleService) {
  const x = chatContext(deps, people);
  return { ...roomCalls(x), ...messageCalls(x), ...moderationCalls(x) };
}

export type ChatService = ReturnType<typeof chatService>;
