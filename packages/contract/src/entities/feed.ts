import { type Static, Type } from '@sinclair/typebox';
import { EpochMs, Likers, Opt } from './common';
import { Game } from './games';
import { Comment, Photo } from './photos';
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
    /** Ours: 1 public, 2 friends only (PhotoPrivacy numbers). */
    privacy: Opt(Type.Integer({ description: '1 public, 2 friends only' })),
    /** Ours: the author flagged it not safe for work; hidden from members who did not opt in. */
    isNSFW: Opt(Type.Boolean()),
    /** Ours: the caller likes it. */
    liked: Opt(Type.Boolean()),
  },
  { title: 'UserStatus' },
);
export type UserStatus = Static<typeof UserStatus>;

/** Who did what to whom: source is the actor, target the other member (a buddy, a gift receiver). */
export const FeedEventProperties = Type.Object(
  {
    source: Opt(Type.Object({ user: Opt(User) })),
    target: Opt(Type.Object({ user: Opt(User) })),
    /** Types 100-103 and 202: the game (id, name, icon). */
    game: Opt(Game),
    /** Types 100-103 and 202 (ours): what the game said happened, as the game wrote it. */
    gameText: Opt(Type.String()),
    /** Type 27 (ours): the gift received (its image is giftImagePath(id)). */
    gift: Opt(Type.Object({ id: Type.Integer() })),
    /** Type 201: the public room the member is chatting in. */
    room: Opt(Type.Object({ id: Type.Integer(), name: Opt(Type.String()) })),
    /** Type 5 (ours): the badge earned: the verified mark, or a place in a gift contest. */
    badge: Opt(
      Type.Object({
        kind: Type.Union([Type.Literal('verified'), Type.Literal('contest')]),
        contestId: Opt(Type.Integer()),
        name: Opt(Type.String()),
        place: Opt(Type.Integer()),
      }),
    ),
    /** Types 12 and 13 (ours): the profile song or video set (its file, a poster for a video). */
    media: Opt(Type.Object({ url: Type.String(), poster: Opt(Type.String()), title: Opt(Type.String()) })),
    /** Types 301-304 (ours, docs/live.md): the broadcast (its page), its title, the viewer milestone (304). */
    live: Opt(
      Type.Object({ broadcastId: Type.String(), title: Opt(Type.String()), viewers: Opt(Type.Integer()) }),
    ),
  },
  { title: 'FeedEventProperties' },
);
export type FeedEventProperties = Static<typeof FeedEventProperties>;

/** A guestbook entry (user/postGuestbookComment.do): a message left on someone's profile. */
export const GuestbookEntry = Type.Object(
  {
    id: Type.Integer(),
    profileId: Opt(Type.Integer({ description: 'whose profile it is written on' })),
    author: Opt(User),
    message: Opt(Type.String()),
    image1: Opt(Type.String()),
    creationTime: Opt(EpochMs()),
  },
  { title: 'GuestbookEntry' },
);
export type GuestbookEntry = Static<typeof GuestbookEntry>;

/**
 * A news-feed event (feed/getEvents.do). type is a FeedEventType; userId, postId, type and
 * creationTime name it for feed/deleteEvent.do. properties may carry more keys per type.
 *
 * Fields after `properties` are ours: everything the feed page needs to draw an item without
 * another call. The like button likes (likeType, likeItemId, userId); comments go to
 * album/composeComment.do {isPhoto:false, postId, authorUserId:userId} when commentable.
 */
export const FeedEvent = Type.Object(
  {
    type: Opt(Type.Integer()),
    userId: Opt(Type.Integer()),
    postId: Opt(Type.Integer()),
    creationTime: Opt(EpochMs()),
    properties: Opt(FeedEventProperties),
    /** The event's own id: storeSeenEvents takes these; stable sort key (newest first). */
    id: Opt(Type.Integer()),
    /** The member who acted (userId), presented for the reader. */
    user: Opt(User),
    readableTimestamp: Opt(Type.String({ description: 'creationTime formatted for the reader' })),
    /** Type 1: the status. */
    status: Opt(UserStatus),
    /** Types 2, 6, 11: the photo. */
    photo: Opt(Photo),
    /** Type 14: the entry; properties.target.user is the profile it was written on. */
    guestbookEntry: Opt(GuestbookEntry),
    /** LikeItemType the like button uses for this event, and the item's id. */
    likeType: Opt(
      Type.Integer({ description: 'LikeItemType: 1 status, 2 photo, 3 comment, 4 story, 5 event' }),
    ),
    likeItemId: Opt(Type.Integer()),
    likeCount: Opt(Type.Integer()),
    commentCount: Opt(Type.Integer()),
    /** The caller likes it. */
    liked: Opt(Type.Boolean()),
    /** The caller's own like's content (their reaction, as sent to user/like.do); absent for a plain like. */
    reaction: Opt(Type.String()),
    /** A few recent likers (faces beside the count). */
    likes: Opt(Likers()),
    /** The latest comments (at most 3, oldest first); getPostComments pages the rest. */
    comments: Opt(Type.Array(Comment)),
    /** Comments may be posted (statuses now). */
    commentable: Opt(Type.Boolean()),
    /** The caller may delete it (feed/deleteEvent.do): the event's owner. */
    deletable: Opt(Type.Boolean()),
    isNSFW: Opt(Type.Boolean()),
    /** The caller has seen it (storeSeenEvents, or it is their own); false marks it new. */
    seen: Opt(Type.Boolean()),
    /** 1 public, 2 friends only. */
    privacy: Opt(Type.Integer()),
    /** Paging: pass the last item's cursor as feed/getEvents.do `before` for the next items. */
    cursor: Opt(Type.String()),
  },
  { title: 'FeedEvent' },
);
export type FeedEvent = Static<typeof FeedEvent>;

/** The caller's feed settings: remembered filter (user/setFeedFilter.do) and NSFW opt-in. */
export const FeedSettings = Type.Object(
  {
    filter: Type.Integer({ description: 'FeedFilter: 1 all, 2 near me, 3 friends, 4 person, 5 trending' }),
    allowNSFW: Type.Boolean(),
    unreadNotifications: Type.Integer(),
  },
  { title: 'FeedSettings' },
);
export type FeedSettings = Static<typeof FeedSettings>;

/** One like, as user/getUserLikes.do lists them. */
export const Like = Type.Object(
  {
    type: Type.Integer({ description: 'LikeItemType' }),
    itemId: Type.Integer(),
    authorUserId: Type.Integer(),
    content: Opt(Type.String({ description: 'the text the like button was on, as sent' })),
    creationTime: EpochMs(),
  },
  { title: 'Like' },
);
export type Like = Static<typeof Like>;

/**
 * A notification (user/getNotifications.do): kind is a NotificationKind; text is already in the
 * reader's language; url opens what it is about. itemType/itemId name the liked or commented item.
 */
export const Notification = Type.Object(
  {
    id: Type.Integer(),
    kind: Type.String({ description: 'like, comment, guestbook, buddyAccepted, ...' }),
    text: Type.String(),
    url: Opt(Type.String()),
    actor: Opt(User),
    itemType: Opt(Type.Integer()),
    itemId: Opt(Type.Integer()),
    read: Type.Boolean(),
    creationTime: EpochMs(),
  },
  { title: 'Notification' },
);
export type Notification = Static<typeof Notification>;
