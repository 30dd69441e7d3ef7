import { type Static, Type } from '@sinclair/typebox';
import { EpochMs, Likers, Opt } from './common';
import { User } from './user';

/** A story: a short video that disappears at expiration. */
export const Story = Type.Object(
  {
    uid: Type.Integer(),
    authorUser: Opt(User),
    video: Opt(Type.String()),
    expiration: Opt(EpochMs('epoch ms; the story is gone after it')),
    creationTime: Opt(EpochMs()),
    likeCount: Opt(Type.Integer()),
    likes: Opt(Likers()),
    viewCount: Opt(Type.Integer()),
    /** Ours: 'processing' until the video is ready to play (StoryState). */
    state: Opt(Type.String({ description: 'processing, ready or failed' })),
    /** Ours: the poster frame (an image-service URL) and its blurred square thumbnail. */
    poster: Opt(Type.String()),
    thumbnail: Opt(Type.String()),
    /** Ours: seconds of video. */
    duration: Opt(Type.Number()),
    /** Ours: the caller watched it already / likes it. */
    viewed: Opt(Type.Boolean()),
    liked: Opt(Type.Boolean()),
    /** Ours: flagged as adult content (shown only to members who allowed it). */
    nsfw: Opt(Type.Boolean()),
  },
  { title: 'Story' },
);
export type Story = Static<typeof Story>;

/**
 * A view-once video. expiration is the seconds each viewer may watch; views records how many
 * each viewer has used, so remaining = expiration - views[viewer].
 */
export const EphemeralVideo = Type.Object(
  {
    uid: Type.Integer(),
    authorUser: Opt(User),
    video: Opt(Type.String()),
    expiration: Opt(Type.Integer({ description: 'seconds a viewer may watch' })),
    views: Opt(
      Type.Record(Type.Integer(), Type.Number(), { description: 'user id -> seconds already viewed' }),
    ),
  },
  { title: 'EphemeralVideo' },
);
export type EphemeralVideo = Static<typeof EphemeralVideo>;

/** Ours: what the story screens need to know about the caller. */
export const StorySettings = Type.Object(
  {
    tutorialCompleted: Type.Boolean(),
    allowNSFW: Type.Boolean(),
    /** Milliseconds until the caller may post another story (0: now). */
    waitTime: Type.Integer(),
    maxSeconds: Type.Integer(),
    /** Whether this server can process video (ffmpeg installed). */
    videoAvailable: Type.Boolean(),
  },
  { title: 'StorySettings' },
);
export type StorySettings = Static<typeof StorySettings>;
