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
