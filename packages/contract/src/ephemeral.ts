/**
 * View-once media facts shared by server and web with no schema code (the web bundles this file
 * as it is: web/build/contract-plugin.ts). docs/ephemeral.md.
 */

/** View-once limits. */
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
