import { api } from '@tertulia/contract';
import type { Deps } from '../../deps';
import { me } from '../../http/context';
import { bind, Serialized } from '../../http/contract-routes';
import { peopleUseCases } from '../people/use-cases';
import { feedUseCases } from './use-cases';

/** The feed: feed/*, and its calls in the user, profile and album areas. */
export function feedRoutes(deps: Deps) {
  const feed = feedUseCases(deps, peopleUseCases(deps));
  const { user, profile, album } = api;
  const f = api.feed;
  return [
    bind(f.getEvents, async (p, ctx) => {
      const events = await feed.events(me(ctx), p);
      // A kept page goes out as the body made when it was kept.
      const body = feed.pageBody(events, f.getEvents.result.name);
      return body === undefined ? events : new Serialized(events, body);
    }),
    bind(f.deleteEvent, (p, ctx) => feed.deleteEvent(me(ctx), p)),
    bind(f.storeSeenEvents, (p, ctx) => feed.storeSeen(me(ctx), p.postIds)),
    bind(f.allowNSFW, (p, ctx) => feed.allowNSFW(me(ctx), p.filter)),
    bind(f.getFeedSettings, (_p, ctx) => feed.settings(me(ctx))),
    bind(user.updateStatus, (p, ctx) => feed.updateStatus(me(ctx), p)),
    bind(user.setFeedFilter, (p, ctx) => feed.setFilter(me(ctx), p.filter)),
    bind(user.like, (p, ctx) => feed.like(me(ctx), p)),
    bind(user.unlike, (p, ctx) => feed.unlike(me(ctx), p)),
    bind(user.doesUserLike, (p, ctx) => feed.doesLike(me(ctx), p)),
    bind(user.getUserLikes, (p, ctx) => feed.userLikes(me(ctx), p)),
    bind(user.getItemLikes, (p, ctx) => feed.itemLikes(me(ctx), p)),
    bind(profile.getItemLikeCount, (p, ctx) => feed.itemLikeCount(me(ctx), p)),
    bind(album.composeComment, (p, ctx) => feed.comment(me(ctx), p)),
    bind(album.getPostComments, (p, ctx) => feed.comments(me(ctx), p)),
    bind(album.deleteComment, (p, ctx) => feed.deleteComment(me(ctx), p)),
    bind(user.postGuestbookComment, (p, ctx) => feed.postGuestbook(me(ctx), p)),
    bind(user.getGuestbookComments, (p, ctx) => feed.guestbook(me(ctx), p)),
  ];
}
