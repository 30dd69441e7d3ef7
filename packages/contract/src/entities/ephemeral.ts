import { type Static, Type } from '@sinclair/typebox';
import { EpochMs, Opt } from './common';
import { User } from './user';

/**
 * A view-once photo or video (the spec's client-side "Ephemeral item", as the server answers
 * it). remaining = expiration - views[caller]; the author sees every viewer's time, a recipient
 * only their own. origImage1 / video are short-lived links, only in an openEphemeral answer.
 */
export const EphemeralItem = Type.Object(
  {
    postId: Type.Integer(),
    authorId: Type.Integer(),
    authorUser: Opt(User),
    kind: Type.String({ description: 'photo or video' }),
    /** processing (video transcoding), ready or failed. */
    state: Type.String(),
    /** The blurred 300 px thumbnail (an image-service URL). */
    image1: Opt(Type.String()),
    origImage1: Opt(Type.String({ description: 'the photo: a link for the caller, valid briefly' })),
    video: Opt(Type.String({ description: 'the video: a link for the caller, valid briefly' })),
    expiration: Type.Integer({ description: 'seconds each viewer may look' }),
    views: Type.Record(Type.String(), Type.Number(), { description: 'user id -> seconds viewed' }),
    /** Ours: seconds left for the caller (the author: the full expiration). */
    remaining: Type.Number(),
    placeholder: Type.Boolean({ description: 'nothing to show yet (processing or failed)' }),
    /** Ours: the members who looked, for the author only. */
    viewers: Opt(Type.Array(User)),
    creationTime: Opt(EpochMs()),
    /** Ours: when the item is removed for everyone (retention). */
    expiresAt: Opt(EpochMs()),
  },
  { title: 'EphemeralItem' },
);
export type EphemeralItem = Static<typeof EphemeralItem>;
