import { imageUrl, type Story, StoryState } from '@tertulia/contract';
import { videoUrl } from '../../media/video/serve';
import type { StoryRow } from './store';

/** The Story entity of a row. video, poster and thumbnail come only once the story is ready. */
export function toStory(row: StoryRow): Story {
  const ready = row.state === StoryState.READY && row.video_name && row.poster_key;
  return {
    uid: row.id,
    authorUser: {
      uid: row.author_id,
      name: row.author_name,
      image1: row.author_image1 ? imageUrl(row.author_image1) : undefined,
    },
    video: ready ? videoUrl(row.video_name as string) : undefined,
    poster: ready ? imageUrl(row.poster_key as string, { width: 720 }) : undefined,
    // The blurred square of spec section 9 (300 px, blur 50), through the image service.
    thumbnail: ready ? imageUrl(row.poster_key as string, { width: 300, crop: true, blur: 50 }) : undefined,
    expiration: Number(row.expires_at),
    creationTime: Number(row.created_at),
    likeCount: Number(row.like_count),
    liked: row.liked === 1,
    viewCount: row.view_count,
    state: row.state,
    duration: row.duration_ms / 1000,
    viewed: row.viewed === 1,
    nsfw: row.nsfw === 1,
  };
}
