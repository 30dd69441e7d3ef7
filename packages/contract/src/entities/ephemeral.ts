import { type Static, Type } from '@sinclair/typebox';
import { EpochMs, Opt } from './common';
import { User } from './user';

/** View-once media rules shared by server and web (docs/ephemeral.md). */
export const EphemeralLimits = {
  /** Seconds each recipient may look at a photo. */
  PHOTO_SECONDS: 10,
  /** A video is cut to this many seconds; its viewers get its length (rounded up). */
  VIDEO_MAX_SECONDS: 30,
  /** Items (and their files) are gone for everyone this long after they were sent. */
  RETENTION_MS: 7 * 86_400_000,
  /** A media link works this long after it was handed out (and only while time is left). */
  LINK_TTL_MS: 60_000,
  /** The largest viewTime a client may report, in seconds. */
  MAX_VIEW_TIME: 3_600,
  /** Thumbnails: the image service's 300 px square, blurred 50 (spec 9). */
  THUMB_WIDTH: 300,
  THUMB_BLUR: 50,
} as const;

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

/** The tag a message or chat entry carries: [ephemeral]kind:postId:authorId:expiration[/ephemeral]. */
export interface EphemeralTag {
  kind: 'photo' | 'video';
  postId: number;
  authorId: number;
  expiration: number;
}

const TAG = /\[ephemeral\](photo|video):(\d+):(\d+):(\d+)\[\/ephemeral\]/;

export const ephemeralTag = (t: EphemeralTag) =>
  `[ephemeral]${t.kind}:${t.postId}:${t.authorId}:${t.expiration}[/ephemeral]`;

export function parseEphemeralTag(content: string | undefined): EphemeralTag | undefined {
  const m = content ? TAG.exec(content) : null;
  if (!m) return undefined;
  return { kind: m[1] as 'photo' | 'video', postId: +m[2], authorId: +m[3], expiration: +m[4] };
}
