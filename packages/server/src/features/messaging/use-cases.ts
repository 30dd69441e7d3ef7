import type { Deps } from '../../deps';
import { socialGraph } from '../../policy/graph';
import { privateThreads } from '../chat/private-threads';
import type { PeopleUseCases } from '../people/use-cases';
import { rewardTags } from '../rewards/shown';
import { conversationAccess } from './access';
import { conversationStore } from './conversation-store';
import { conversationReads } from './conversations';
import { memberStore } from './member-store';
import { membership } from './membership';
import { messageStore } from './message-store';
import { conversationPresenter } from './present';
import { readState } from './read-state';
import { sending } from './send';
import { typingAndColors } from './typing';

export { MAX_GROUP, SENDS_PER_MINUTE } from './access';
export { TYPING_PER_10S } from './typing';

/** Messaging's use cases, assembled once for routes.ts (each file takes only what it needs). */
export function messagingUseCases(deps: Deps, people: PeopleUseCases) {
  const graph = socialGraph(deps.db);
  const conversations = conversationStore(deps.db);
  const messages = messageStore(deps.db);
  const members = memberStore(deps.db);
  const access = conversationAccess(deps, people, graph, conversations, members);
  const tags = rewardTags(deps.db);
  const present = conversationPresenter(people, conversations, messages, tags, access.cutOff);
  return {
    ...sending(deps, people, access, conversations, messages, present),
    ...conversationReads(access, conversations, present, privateThreads(deps.db, people)),
    ...readState(people, access, conversations, messages, members, tags),
    ...membership(deps, access, conversations, present),
    ...typingAndColors(deps, graph, access, conversations, members),
  };
}

export type MessagingUseCases = ReturnType<typeof messagingUseCases>;
