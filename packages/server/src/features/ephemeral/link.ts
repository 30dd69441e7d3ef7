import { timingSafeEqual } from 'node:crypto';
import { EPHEMERAL_PATH } from '@tertulia/contract';
import { sign } from '../../http/secret';

/**
 * Media links of view-once items: GET EPHEMERAL_PATH/<postId>-<viewerId>-<until>-<signature>.
 * The signature ties the link to one member and a short time; the media route still asks the
 * database on every request whether that member has time left (a link is never enough alone).
 */
const TOKEN = /^(\d{1,10})-(\d{1,10})-(\d{1,15})-([A-Za-z0-9_-]{43})$/;

const payload = (postId: number, viewerId: number, until: number) =>
  `ephemeral:${postId}:${viewerId}:${until}`;

export function mediaLink(secret: string, postId: number, viewerId: number, until: number): string {
  return `${EPHEMERAL_PATH}/${postId}-${viewerId}-${until}-${sign(secret, payload(postId, viewerId, until))}`;
}

/** The link's parts when its signature holds (whatever its time); undefined otherwise. */
export function readLink(secret: string, token: string) {
  const m = TOKEN.exec(token);
  if (!m) return undefined;
  const [postId, viewerId, until] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const expected = Buffer.from(sign(secret, payload(postId, viewerId, until)));
  const given = Buffer.from(m[4]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return { postId, viewerId, until };
}
