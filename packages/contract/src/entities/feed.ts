import { type Static, Type } from '@sinclair/typebox';
import { EpochMs, Likers, Opt } from './common';
import { Game } from './games';
import { User } from './user';

/** A status update (user/updateStatus.do); it is also feed event type 1. */
export const UserStatus = Type.Object(
  {
    id: Type.Integer(),
    status: Opt(Type.String()),
    timestamp: Opt(EpochMs()),
    readableTimestamp: Opt(Type.String({ description: 'timestamp already formatted for the reader' })),
    userId: Opt(Type.Integer()),
    image1: Opt(Type.String()),
    commentCount: Opt(Type.Integer()),
    likeCount: Opt(Type.Integer()),
    likes: Opt(Likers()),
  },
  { title: 'UserStatus' },
);
export type UserStatus = Static<typeof UserStatus>;

/** Who did what to whom: source is the actor, target the other member (a buddy, a gift receiver). */
export const FeedEventProperties = Type.Object(
  {
    source: Opt(Type.Object({ user: Opt(User) })),
    target: Opt(Type.Object({ user: Opt(User) })),
    game: Opt(Game),
  },
  { title: 'FeedEventProperties' },
);
export type FeedEventProperties = Static<typeof FeedEventProperties>;

/**
 * A news-feed event (feed/getEvents.do). type is a FeedEventType; userId, postId, type and
 * creationTime name it for feed/deleteEvent.do. properties may carry more keys per type.
 */
export const FeedEvent = Type.Object(
  {
    type: Opt(Type.Integer()),
    userId: Opt(Type.Integer()),
    postId: Opt(Type.Integer()),
    creationTime: Opt(EpochMs()),
    properties: Opt(FeedEventProperties),
  },
  { title: 'FeedEvent' },
);
export type FeedEvent = Static<typeof FeedEvent>;
