import { api } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me } from '../../http/context';
import { bind } from '../../http/contract-routes';
import { peopleUseCases } from '../people/use-cases';
import { sendOnlineNotices } from './online-notices';
import { buddyUseCases } from './use-cases';

const origin = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;

export function buddyRoutes(deps: Deps) {
  const buddies = buddyUseCases(deps, peopleUseCases(deps));
  sendOnlineNotices(deps);
  const b = api.buddy;
  return [
    bind(b.getBuddies, (p, ctx) => buddies.list(me(ctx), p)),
    bind(b.getBuddiesSorted, (p, ctx) => buddies.sorted(me(ctx), p)),
    bind(b.searchFriends, (p, ctx) => buddies.search(me(ctx), p)),
    bind(b.getBuddiesNearMe, (p, ctx) => buddies.nearMe(me(ctx), p)),
    bind(b.getBuddiesChurned, (p, ctx) => buddies.churned(me(ctx), p)),
    bind(b.dismissChurnedBuddy, (p, ctx) => buddies.dismissChurned(me(ctx), p.userId, p.type ?? 1)),
    bind(b.canSendUserBuddyRequest, (p, ctx) => buddies.canSend(me(ctx), p.receivingUserId)),
    bind(b.sendUserBuddyRequest, (p, ctx) => buddies.send(me(ctx), p)),
    bind(b.getFriendshipRequests, (p, ctx) => buddies.requests(me(ctx), p)),
    bind(b.acceptFriendshipRequest, (p, ctx) => buddies.accept(me(ctx), p.offlineMessageId)),
    bind(b.denyFriendshipRequest, (p, ctx) => buddies.deny(me(ctx), p.offlineMessageId)),
    bind(b.acceptAllFriendshipRequests, (_p, ctx) => buddies.acceptAll(me(ctx))),
    bind(b.getFriendshipRequestCount, (_p, ctx) => buddies.requestCount(me(ctx))),
    bind(b.deleteFriendship, (p, ctx) => buddies.unfriend(me(ctx), p.friendUserId)),
    bind(b.getNumberFriendsOnline, (_p, ctx) => buddies.onlineCount(me(ctx))),
    bind(b.isPrivate, (p, ctx) => buddies.isPrivate(me(ctx), p.userId)),
    bind(b.setPrivate, (p, ctx) => buddies.setPrivate(me(ctx), p.isPrivate)),
    bind(b.getBuddySort, (p, ctx) => buddies.getSort(me(ctx), p.userId)),
    bind(b.setBuddySort, (p, ctx) => buddies.setSort(me(ctx), p.sort, p.userId)),
    bind(b.setBuddyPosition, (p, ctx) => buddies.setPosition(me(ctx), p.buddyUserID, p.position)),
    bind(b.createInvite, (p, ctx) => buddies.createInvite(me(ctx), p, origin(ctx.request))),
    bind(b.acceptInvite, (p, ctx) => buddies.acceptInvite(me(ctx), p)),
  ];
}
